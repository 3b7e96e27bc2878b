// The fields of each listing's rows, described once: their labels, their text, and where they show (the
// results table's columns, what a snapshot keeps and a diff compares, the details panel's reading order).
// Pure.
import type { ListingName } from '../croql/index.ts';
import {
  providerWord,
  stringTypeWord,
  termWord,
  type LanguageTranslationResource,
} from '../wire/resources.ts';
import { compactPlural, pluralsOf } from './plurals.ts';
import {
  cellText,
  dateCell,
  segmentCells,
  sourceOf,
  sourceTextCell,
  translationTextCell,
  type CellView,
} from './cells.ts';
import { nameOf } from './names.ts';
import { isRecord } from '../wire/json.ts';
import type { DisplayNames, Row, RowOf } from './rows.ts';

export interface RowField<R = Row> {
  key: string;
  /** The field's name wherever it shows, in lower case ("string ID", "updated"); a header capitalises it. */
  label: string;
  /** The field as one line of text, ids as ids: what a snapshot keeps and a diff compares. */
  text(row: R): string;
  /**
   * A column of the results table: its relative width (CSS fr), its text when it names ids or reads the
   * row's source string (`display`), and how it shows when that is more than a line of text (`cell`).
   */
  column?: {
    width: number;
    display?(row: R, names?: DisplayNames): string;
    cell?(row: R, names?: DisplayNames): CellView;
  };
  /** Kept in snapshots: compared by a diff and shown in the compare and diff tables. */
  kept?: boolean;
  /** Its place among the fields the details panel shows first (the rest follow in the service's order). */
  first?: number;
}

/** A cell value as one line of text: strings as they are, other values as JSON. */
export function scalar(v: unknown): string {
  if (v == null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export function list(v: unknown): string {
  return Array.isArray(v) ? v.map(scalar).join(', ') : scalar(v);
}

/** Plain text, a plural object or a translation's `plurals` array, as one line. */
export function displayText(row: Row): string {
  const text: unknown = 'text' in row ? row.text : undefined;
  if (typeof text === 'string') return text;
  if (isRecord(text)) return compactPlural(text);
  if ('plurals' in row && Array.isArray(row.plurals)) {
    const forms: Record<string, unknown> = {};
    for (const p of pluralsOf(row)) forms[String(p.pluralForm ?? '?')] = p.text;
    return compactPlural(forms);
  }
  return text == null ? '' : String(text);
}

/** A translation row's source text, once the strings of its page have loaded. */
function sourceCell(row: LanguageTranslationResource, names?: DisplayNames): CellView {
  const s = sourceOf(row, names);
  return s ? sourceTextCell(s) : { lines: [] };
}

/** A translation's own field, or its first plural form's. */
function firstPlural(row: LanguageTranslationResource, key: string): string {
  const own = (row as unknown as Record<string, unknown>)[key];
  if (own != null) return scalar(own);
  const first = pluralsOf(row)[0] as unknown as Record<string, unknown> | undefined;
  return first ? scalar(first[key]) : '';
}

function translationUser(row: LanguageTranslationResource): string {
  const user: unknown = 'user' in row ? row.user : pluralsOf(row)[0]?.user;
  if (!isRecord(user)) return '';
  return String(user.username ?? user.fullName ?? user.id ?? '');
}

function segmentRecords(row: RowOf<'tmSegments'>): string {
  if (!Array.isArray(row.records)) return '';
  return row.records
    .filter(isRecord)
    .map((r) => `${scalar(r.languageId)}: ${scalar(r.text)}`)
    .join(' · ');
}

function recordsUpdated(row: RowOf<'tmSegments'>): string {
  if (!Array.isArray(row.records)) return '';
  const times = row.records.filter(isRecord).map((r) => scalar(r.updatedAt ?? r.createdAt));
  return times.sort().at(-1) ?? '';
}

function stringFile(row: RowOf<'strings'>, names?: DisplayNames): string {
  const parts: string[] = [];
  if (row.fileId != null) parts.push(nameOf(names, 'files', row.fileId) ?? `file ${scalar(row.fileId)}`);
  if (row.branchId != null) {
    const branch = nameOf(names, 'branches', row.branchId);
    parts.push(branch ? `branch ${branch}` : `branch ${scalar(row.branchId)}`);
  }
  return parts.join(', ');
}

function stringLabels(row: RowOf<'strings'>, names?: DisplayNames): string {
  if (!Array.isArray(row.labelIds)) return list(row.labelIds);
  return row.labelIds.map((id) => nameOf(names, 'labels', id) ?? scalar(id)).join(', ');
}

/** A field of a translation's source string, once the strings of its page have loaded. */
const source =
  (key: 'context' | 'identifier' | 'maxLength') =>
  (row: LanguageTranslationResource, names?: DisplayNames): string => {
    const value = sourceOf(row, names)?.[key];
    return key === 'maxLength' && value === 0 ? '' : scalar(value);
  };

/** A TM segment's source or target records as a column (src/rows/cells.ts reads them). */
function segmentColumn(side: 'source' | 'target', width: number): RowField<RowOf<'tmSegments'>> {
  return {
    key: side,
    label: side,
    text: () => '',
    column: {
      width,
      display: (row, names) => cellText(segmentCells(row, names)[side]),
      cell: (row, names) => segmentCells(row, names)[side],
    },
  };
}

function stringFlags(row: RowOf<'strings'>): string {
  const flags: string[] = [];
  if (row.isHidden === true) flags.push('hidden');
  if (row.isDuplicate === true) flags.push('duplicate');
  return flags.join(', ');
}

/** The field `key` of the row as text. */
const own =
  (key: string) =>
  (row: Row): string =>
    scalar((row as unknown as Record<string, unknown>)[key]);
const flag = (key: string) => (row: Row) =>
  (row as unknown as Record<string, unknown>)[key] === true ? 'yes' : 'no';
const translation = (key: string) => (row: LanguageTranslationResource) => firstPlural(row, key);

type Fields = { [L in ListingName]: readonly RowField<RowOf<L>>[] };

/**
 * Each listing's fields in one order: the table's columns and a snapshot's fields are the ones marked, in
 * this order. A snapshot keeps ids rather than names, so a diff does not change when the project's file and
 * label lists load; the table names them (`display`).
 */
export const FIELDS: Fields = {
  strings: [
    { key: 'id', label: 'ID', text: own('id'), column: { width: 0.6 } },
    {
      key: 'identifier',
      label: 'identifier',
      text: own('identifier'),
      column: { width: 1.5 },
      kept: true,
      first: 2,
    },
    {
      key: 'text',
      label: 'text',
      text: displayText,
      column: { width: 2.5, cell: sourceTextCell },
      kept: true,
      first: 1,
    },
    {
      key: 'type',
      label: 'type',
      text: (row) => stringTypeWord(row.type),
      column: { width: 0.7 },
      kept: true,
      first: 4,
    },
    { key: 'context', label: 'context', text: own('context'), kept: true, first: 3 },
    { key: 'file', label: 'file', text: stringFile, column: { width: 1.6, display: stringFile } },
    { key: 'fileId', label: 'file', text: own('fileId'), kept: true, first: 5 },
    { key: 'branchId', label: 'branch', text: own('branchId'), kept: true, first: 6 },
    { key: 'flags', label: 'flags', text: stringFlags, column: { width: 1 } },
    {
      key: 'labelIds',
      label: 'labels',
      text: (row) => list(row.labelIds),
      column: { width: 0.8, display: stringLabels },
      kept: true,
      first: 7,
    },
    { key: 'isHidden', label: 'hidden', text: flag('isHidden'), kept: true, first: 8 },
    { key: 'isDuplicate', label: 'duplicate', text: flag('isDuplicate'), kept: true },
    { key: 'maxLength', label: 'max length', text: own('maxLength'), kept: true },
    { key: 'updatedAt', label: 'updated', text: own('updatedAt'), kept: true },
  ],
  translations: [
    {
      key: 'stringId',
      label: 'string ID',
      text: own('stringId'),
      column: { width: 0.7 },
      kept: true,
      first: 3,
    },
    {
      key: 'source',
      label: 'source',
      text: () => '',
      column: {
        width: 2.2,
        display: (row, names) => cellText(sourceCell(row, names)),
        cell: (row, names) => sourceCell(row, names),
      },
    },
    {
      key: 'text',
      label: 'text',
      text: displayText,
      column: { width: 2.4, display: displayText, cell: translationTextCell },
      kept: true,
      first: 1,
    },
    { key: 'context', label: 'context', text: () => '', column: { width: 1.2, display: source('context') } },
    {
      key: 'maxLength',
      label: 'max length',
      text: () => '',
      column: { width: 0.6, display: source('maxLength') },
    },
    {
      key: 'plurals',
      label: 'plural forms',
      text: (row) => list(pluralsOf(row).map((p) => p.pluralForm)),
      first: 2,
    },
    { key: 'translationId', label: 'translation ID', text: own('translationId'), first: 4 },
    { key: 'languageId', label: 'language', text: own('languageId'), first: 5 },
    { key: 'user', label: 'user', text: translationUser, column: { width: 1 }, kept: true, first: 6 },
    {
      key: 'provider',
      label: 'provider',
      text: translation('provider'),
      column: { width: 0.8, display: (row) => providerWord(translation('provider')(row)) },
      kept: true,
      first: 7,
    },
    { key: 'approvalsCount', label: 'approvals', text: translation('approvalsCount'), kept: true },
    { key: 'isPreTranslated', label: 'pre-translated', text: translation('isPreTranslated'), kept: true },
    { key: 'qaIssuesStatus', label: 'QA', text: own('qaIssuesStatus'), kept: true },
    {
      key: 'createdAt',
      label: 'created',
      text: translation('createdAt'),
      column: { width: 1.2 },
      kept: true,
    },
  ],
  tmSegments: [
    { key: 'id', label: 'ID', text: own('id'), column: { width: 0.6 }, first: 1 },
    segmentColumn('source', 2.5),
    segmentColumn('target', 3),
    { key: 'records', label: 'records', text: segmentRecords, kept: true, first: 2 },
    { key: 'updatedAt', label: 'updated', text: recordsUpdated, column: { width: 1.2 }, kept: true },
  ],
  glossaryTerms: [
    { key: 'id', label: 'ID', text: own('id'), column: { width: 0.6 } },
    { key: 'text', label: 'text', text: own('text'), column: { width: 2.4 }, kept: true, first: 1 },
    {
      key: 'languageId',
      label: 'language',
      text: own('languageId'),
      column: { width: 0.8 },
      kept: true,
      first: 3,
    },
    {
      key: 'partOfSpeech',
      label: 'part of speech',
      text: own('partOfSpeech'),
      column: { width: 1 },
      kept: true,
      first: 4,
    },
    {
      key: 'status',
      label: 'status',
      text: own('status'),
      column: { width: 1, display: (row) => termWord(row.status) },
      kept: true,
      first: 5,
    },
    {
      key: 'type',
      label: 'type',
      text: own('type'),
      column: { width: 1, display: (row) => termWord(row.type) },
      kept: true,
      first: 6,
    },
    {
      key: 'userId',
      label: 'author',
      text: own('userId'),
      column: {
        width: 0.9,
        display: (row, names) => nameOf(names, 'users', row.userId) ?? own('userId')(row),
      },
      first: 7,
    },
    { key: 'description', label: 'description', text: own('description'), kept: true, first: 2 },
    { key: 'updatedAt', label: 'updated', text: own('updatedAt'), kept: true },
  ],
};

/** The fields of a listing, for code that reads any listing's rows. */
export const fieldsOf = (listing: ListingName): readonly RowField[] => FIELDS[listing] as readonly RowField[];

/** "string ID" → "String ID": a label at the start of a heading or a sentence. */
export const capitalised = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/** A column of the results table. */
export interface Column {
  key: string;
  header: string;
  /** Relative width in the table (CSS fr units). */
  width: number;
  /** The least width (px) its text needs: a date is never cut (ui-walk D29). */
  minPx?: number;
  /** The cell as one line of text: what it sorts by and its title. */
  value: (row: Row, names?: DisplayNames) => string;
  /** The cell when it is more than its text (lines, ICU, a local date, a max length passed). */
  cell?: (row: Row, names?: DisplayNames) => CellView;
}

/** "Oct 16, 2024, 12:14 PM" at the table's 13 px, with the cell's padding. */
const DATE_COLUMN_PX = 176;

function columnsOf(listing: ListingName): Column[] {
  return fieldsOf(listing).flatMap((f) =>
    f.column
      ? [
          {
            key: f.key,
            header: capitalised(f.label),
            width: f.column.width,
            value: (row: Row, names?: DisplayNames) => (f.column!.display ?? f.text)(row, names),
            // A datetime column reads in the reader's format, the ISO value on hover.
            ...(f.column.cell
              ? { cell: f.column.cell }
              : f.key.endsWith('At')
                ? { cell: (row: Row) => dateCell(f.text(row)), minPx: DATE_COLUMN_PX }
                : {}),
          },
        ]
      : [],
  );
}

export const COLUMNS: Record<ListingName, Column[]> = {
  strings: columnsOf('strings'),
  translations: columnsOf('translations'),
  tmSegments: columnsOf('tmSegments'),
  glossaryTerms: columnsOf('glossaryTerms'),
};

/** The fields a snapshot keeps of each row, in order. */
export const keptFields = (listing: ListingName): RowField[] => fieldsOf(listing).filter((f) => f.kept);

/** A key as words: `maxLength` → "max length", `is_hidden` → "is hidden". */
export function keyWords(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/** The label of the field `key` of a listing's rows; a key the list lacks reads as words. */
export function fieldLabel(listing: ListingName, key: string): string {
  return fieldsOf(listing).find((f) => f.key === key)?.label ?? keyWords(key);
}
