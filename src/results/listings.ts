// The columns of each listing's results table (the API paths are in src/connection/target.ts). Pure.
import type { ContextName } from '../croql/types.ts';

export type Row = Record<string, unknown>;

/** Names for the ids a row carries, from the project's lists; an id the lists lack shows as the id. */
export interface DisplayNames {
  files?: ReadonlyMap<number, string>;
  branches?: ReadonlyMap<number, string>;
  labels?: ReadonlyMap<number, string>;
}

export interface Column {
  key: string;
  header: string;
  /** Relative width in the table (CSS fr units). */
  width: number;
  value: (row: Row, names?: DisplayNames) => string;
}

const PLURAL_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A plural text object `{one, other}` shown on one line: `one: apple · other: apples`. */
export function compactPlural(forms: Record<string, unknown>): string {
  return sortedForms(Object.keys(forms))
    .filter((k) => forms[k] != null && forms[k] !== '')
    .map((k) => `${k}: ${String(forms[k])}`)
    .join(' · ');
}

export function sortedForms(forms: string[]): string[] {
  const rank = (f: string) => {
    const i = PLURAL_ORDER.indexOf(f);
    return i < 0 ? PLURAL_ORDER.length : i;
  };
  return [...forms].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Plain text, a plural object or a translation's `plurals` array, as one line. */
export function displayText(row: Row): string {
  const text = row.text;
  if (typeof text === 'string') return text;
  if (isRecord(text)) return compactPlural(text);
  if (Array.isArray(row.plurals)) {
    const forms: Record<string, unknown> = {};
    for (const p of row.plurals) if (isRecord(p)) forms[String(p.pluralForm ?? '?')] = p.text;
    return compactPlural(forms);
  }
  return text == null ? '' : String(text);
}

/** A cell value as one line of text: strings as they are, other values as JSON. */
export function scalar(v: unknown): string {
  if (v == null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export const field =
  (key: string) =>
  (row: Row): string =>
    scalar(row[key]);

export function translationUser(row: Row): string {
  const user =
    row.user ?? (Array.isArray(row.plurals) && isRecord(row.plurals[0]) ? row.plurals[0].user : null);
  if (!isRecord(user)) return '';
  return String(user.username ?? user.fullName ?? user.id ?? '');
}

/** A translation's own field, or its first plural form's. */
export function firstPlural(row: Row, key: string): string {
  if (row[key] != null) return scalar(row[key]);
  if (Array.isArray(row.plurals) && isRecord(row.plurals[0])) return scalar(row.plurals[0][key]);
  return '';
}

function stringFlags(row: Row): string {
  const flags: string[] = [];
  if (row.isHidden === true) flags.push('hidden');
  if (row.isDuplicate === true) flags.push('duplicate');
  return flags.join(', ');
}

const nameOf = (names: ReadonlyMap<number, string> | undefined, id: unknown): string | undefined =>
  typeof id === 'number' ? names?.get(id) : undefined;

function stringFile(row: Row, names?: DisplayNames): string {
  const parts: string[] = [];
  if (row.fileId != null) parts.push(nameOf(names?.files, row.fileId) ?? `file ${scalar(row.fileId)}`);
  if (row.branchId != null) {
    const branch = nameOf(names?.branches, row.branchId);
    parts.push(branch ? `branch ${branch}` : `branch ${scalar(row.branchId)}`);
  }
  return parts.join(', ');
}

function stringLabels(row: Row, names?: DisplayNames): string {
  if (!Array.isArray(row.labelIds)) return list(row.labelIds);
  return row.labelIds.map((id) => nameOf(names?.labels, id) ?? scalar(id)).join(', ');
}

export function segmentRecords(row: Row): string {
  if (!Array.isArray(row.records)) return '';
  return row.records
    .filter(isRecord)
    .map((r) => `${scalar(r.languageId)}: ${scalar(r.text)}`)
    .join(' · ');
}

export function list(v: unknown): string {
  return Array.isArray(v) ? v.map(scalar).join(', ') : scalar(v);
}

export const COLUMNS: Record<ContextName, Column[]> = {
  strings: [
    { key: 'id', header: 'ID', width: 0.6, value: field('id') },
    { key: 'identifier', header: 'Identifier', width: 1.5, value: field('identifier') },
    { key: 'text', header: 'Text', width: 2.5, value: displayText },
    { key: 'type', header: 'Type', width: 0.7, value: field('type') },
    { key: 'file', header: 'File', width: 1.6, value: stringFile },
    { key: 'flags', header: 'Flags', width: 1, value: stringFlags },
    { key: 'labelIds', header: 'Labels', width: 0.8, value: stringLabels },
  ],
  translations: [
    { key: 'stringId', header: 'String ID', width: 0.7, value: field('stringId') },
    { key: 'text', header: 'Text', width: 3, value: displayText },
    { key: 'user', header: 'User', width: 1, value: translationUser },
    { key: 'provider', header: 'Provider', width: 0.8, value: (r) => firstPlural(r, 'provider') },
    { key: 'createdAt', header: 'Created', width: 1.4, value: (r) => firstPlural(r, 'createdAt') },
  ],
  tmSegments: [
    { key: 'id', header: 'ID', width: 0.6, value: field('id') },
    { key: 'records', header: 'Records', width: 5, value: segmentRecords },
  ],
  glossaryTerms: [
    { key: 'id', header: 'ID', width: 0.6, value: field('id') },
    { key: 'text', header: 'Text', width: 2.4, value: field('text') },
    { key: 'languageId', header: 'Language', width: 0.8, value: field('languageId') },
    { key: 'partOfSpeech', header: 'Part of speech', width: 1, value: field('partOfSpeech') },
    { key: 'status', header: 'Status', width: 1, value: field('status') },
    { key: 'type', header: 'Type', width: 1, value: field('type') },
  ],
};

/** A stable key for a row of a listing (for React and for comparing with the service's answer). */
export function rowKey(context: ContextName, row: Row, index: number): string {
  const id = context === 'translations' ? (row.translationId ?? row.stringId) : row.id;
  return id == null ? `#${index}` : `${String(id)}:${index}`;
}
