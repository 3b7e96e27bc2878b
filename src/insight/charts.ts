// The Insight charts of each listing, each described once: what it counts (read from the listing's rows,
// src/wire/resources.ts), how its items are named, and what a click on an item does (its drill-down). Pure.
//
// A chart counts rows, the resources the table shows. Where a row holds several parts (the plural forms of
// one translation row, the records of a TM segment) the chart names them in `parts`, and each item also
// counts its parts: a row counts once in every item one of its parts belongs to.
import type { ListingName } from '../croql/index.ts';
import type { DisplayNames, Row, RowOf } from '../rows/rows.ts';
import { isRecord } from '../wire/json.ts';
import {
  STRING_TYPE_WORDS,
  stringTypeWord,
  providerWord,
  termWord,
  type PluralFormResource,
  type StringType,
  type TmRecordResource,
} from '../wire/resources.ts';
import {
  clause,
  field,
  filter,
  isId,
  local,
  monthRange,
  num,
  str,
  user,
  type Drill,
  type UserNames,
} from './drill.ts';

/** The key of "no value" (a string without a branch, a term without a status, …). */
export const NONE = '\u0000none';

export type ChartOrder = 'count' | 'time' | 'given';

/** Called by a chart's `visit` for each item a row belongs to; `label` names the item the first time. */
export type Emit = (key: string, parts: number, label?: string) => void;

/** What names an item: the project's file, branch and label names, and its members' usernames. */
export interface ItemNames {
  names: DisplayNames;
  users: UserNames;
}

export interface ChartSpec<R = Row> {
  id: string;
  title: string;
  /** What one part is, when rows have parts ("plural forms", "records"); the second measure. */
  parts?: string;
  /** How items are listed: by row count, by time (month keys), or in `keys` order (histograms). */
  order: ChartOrder;
  /** The item keys in display order, for `order: 'given'`. */
  keys?: readonly string[];
  /** The label of the `NONE` item (rows without a value). */
  none: string;
  /** The item's name for a key other than `NONE`, when it is not the key itself; `seen` is the name `visit` gave. */
  label?(key: string, names: ItemNames, seen?: string): string;
  visit(row: R, emit: Emit): void;
  /** What a click on item `key` does: the clause that selects exactly its rows, or a local filter and why. */
  drill(key: string, users?: UserNames, seen?: string, names?: DisplayNames): Drill;
}

/** One item of a chart as drawn and exported: its key and name, what it counts, and what a click on it does. */
export interface ChartItem {
  key: string;
  label: string;
  rows: number;
  parts: number;
  drill: Drill;
}

const idKey = (v: unknown): string => (typeof v === 'number' || typeof v === 'string' ? String(v) : NONE);
const textKey = (v: unknown): string => (typeof v === 'string' && v !== '' ? v : NONE);

/** `YYYY-MM` of an ISO 8601 datetime, in UTC. The service writes `+00:00`, read without a Date. */
export function monthOf(v: unknown): string {
  if (typeof v !== 'string' || v.length < 7) return NONE;
  if (v.endsWith('+00:00') || v.endsWith('Z') || v.length === 10) return v.slice(0, 7);
  const t = Date.parse(v);
  return Number.isNaN(t) ? NONE : new Date(t).toISOString().slice(0, 7);
}

/** What a chart reads of one part of a translation: a plural form, or a plain, ICU or asset translation. */
type TranslationPart = Partial<PluralFormResource>;

/** The parts of a translation row: its `plurals`, or the row itself (a plain or ICU translation). */
function translationParts(row: RowOf<'translations'>): TranslationPart[] {
  if ('plurals' in row && Array.isArray(row.plurals)) return row.plurals.filter(isRecord);
  return [row as TranslationPart];
}

function records(row: RowOf<'tmSegments'>): Partial<TmRecordResource>[] {
  return Array.isArray(row.records) ? row.records.filter(isRecord) : [];
}

/** Buckets of a TM record's usage count: upper bounds (inclusive); the last bucket is open. */
export const USAGE_BUCKETS: readonly { key: string; from: number; to: number | null }[] = [
  { key: '0', from: 0, to: 0 },
  { key: '1–4', from: 1, to: 4 },
  { key: '5–19', from: 5, to: 19 },
  { key: '20–99', from: 20, to: 99 },
  { key: '100+', from: 100, to: null },
];

export function usageBucket(n: unknown): string {
  if (typeof n !== 'number') return NONE;
  for (const b of USAGE_BUCKETS) if (b.to === null || n <= b.to) return b.key;
  return NONE;
}

/** One item per row. */
const perRow =
  <R>(read: (row: R) => string) =>
  (r: R, emit: Emit) =>
    emit(read(r), 1);
/** One item per part (a translation's plural forms, a segment's records). */
const perPart =
  <R, P>(parts: (row: R) => P[], read: (part: P) => string, label?: (part: P) => string | undefined) =>
  (r: R, emit: Emit) => {
    for (const p of parts(r)) emit(read(p), 1, label?.(p));
  };

/** An item named after a user: the name `visit` saw, else the member's username, else the id. */
const userLabel = (key: string, { users }: ItemNames, seen?: string) =>
  seen ?? users.get(Number(key)) ?? `user ${key}`;

/** A month chart's drill-down: the month as a range of the editor filter `added`/`updated`, or of `updated`. */
const monthDrill = (key: string, write: (from: string, to: string) => string, none: string) => {
  if (key === NONE) return local(none);
  const { from, to } = monthRange(key);
  return clause(write(from, to));
};

const FORMS = 'plural forms';
const RECORDS = 'records';

type Charts = { [L in ListingName]: readonly ChartSpec<RowOf<L>>[] };

export const CHARTS: Charts = {
  strings: [
    {
      id: 'file',
      none: 'no file',
      title: 'Strings by file',
      order: 'count',
      label: (key, { names }) => names.files?.get(Number(key)) ?? `file ${key}`,
      visit: perRow((r) => idKey(r.fileId)),
      drill: (key) =>
        key === NONE || !isId(key)
          ? local('CroQL cannot select strings without a file.')
          : clause(field(['id', 'file'], '=', num(key))),
    },
    {
      id: 'branch',
      none: 'no branch',
      title: 'Strings by branch',
      order: 'count',
      label: (key, { names }) => names.branches?.get(Number(key)) ?? `branch ${key}`,
      visit: perRow((r) => idKey(r.branchId)),
      drill: (key) =>
        key === NONE || !isId(key)
          ? local('CroQL cannot select strings outside every branch.')
          : clause(field(['id', 'branch'], '=', num(key))),
    },
    {
      id: 'label',
      none: 'no label',
      title: 'Strings by label',
      order: 'count',
      label: (key, { names }) => names.labels?.get(Number(key)) ?? `label ${key}`,
      visit: (r, emit) => {
        const ids: unknown = r.labelIds;
        if (!Array.isArray(ids) || ids.length === 0) return emit(NONE, 1);
        for (const id of ids) emit(idKey(id), 1);
      },
      drill: (key, _users, _seen, names) => {
        if (key === NONE) return clause('count of labels = 0');
        // By its title when no other label has it: the clause reads as the label is named.
        const title = names?.labels?.get(Number(key));
        if (title !== undefined && [...names!.labels!.values()].filter((t) => t === title).length === 1) {
          return clause(`count of labels where (${field(['title'], '=', str(title))}) > 0`);
        }
        return isId(key)
          ? clause(filter('labels', { mode: 'includeAny', labels: [Number(key)] }))
          : local('This label has no numeric id.');
      },
    },
    {
      id: 'type',
      none: 'unknown type',
      title: 'Strings by type',
      order: 'count',
      label: stringTypeWord,
      visit: perRow((r) => textKey(r.type)),
      drill: (key) => {
        const type = STRING_TYPE_WORDS[key as StringType] as string | undefined;
        return type
          ? clause(filter('stringType', { types: [type] }))
          : local('CroQL has no such string type.');
      },
    },
    {
      id: 'added',
      none: 'no date',
      title: 'Strings by month added',
      order: 'time',
      visit: perRow((r) => monthOf(r.createdAt)),
      drill: (key) =>
        monthDrill(
          key,
          (from, to) => filter('stringsAdded', { from, to }),
          'CroQL cannot select strings that were never added.',
        ),
    },
    {
      id: 'updated',
      none: 'never updated',
      title: 'Strings by month updated',
      order: 'time',
      visit: perRow((r) => monthOf(r.updatedAt)),
      drill: (key) =>
        monthDrill(
          key,
          (from, to) => filter('stringsUpdated', { from, to }),
          'CroQL cannot select strings that were never updated.',
        ),
    },
  ],
  translations: [
    {
      id: 'user',
      none: 'no user',
      title: 'Translations by user',
      parts: FORMS,
      order: 'count',
      label: userLabel,
      visit: perPart(
        translationParts,
        (p) => (isRecord(p.user) ? idKey(p.user.id) : NONE),
        (p) => (isRecord(p.user) && typeof p.user.username === 'string' ? p.user.username : undefined),
      ),
      drill: (key, users, seen) =>
        key === NONE
          ? local('These translations name no user.')
          : clause(field(['user'], '=', user(key, users, seen))),
    },
    {
      id: 'provider',
      none: 'no provider',
      title: 'Translations by provider',
      parts: FORMS,
      order: 'count',
      label: providerWord,
      visit: perPart(translationParts, (p) => textKey(p.provider)),
      drill: (key) =>
        key === NONE
          ? local(
              'CroQL cannot select translations without a provider (a comparison with no value is false).',
            )
          : clause(field(['provider'], '=', str(key))),
    },
    {
      id: 'pluralForm',
      none: 'not plural',
      title: 'Translations by plural form',
      parts: FORMS,
      order: 'count',
      visit: perPart(translationParts, (p) => textKey(p.pluralForm)),
      // A translation of a plain or ICU string has the plural form "none" in CroQL.
      drill: (key) => clause(field(['plural form'], '=', str(key === NONE ? 'none' : key))),
    },
    {
      id: 'preTranslated',
      none: 'unknown',
      title: 'Pre-translated share',
      parts: FORMS,
      order: 'given',
      keys: ['yes', 'no'],
      label: (k) => (k === 'yes' ? 'pre-translated' : 'not pre-translated'),
      visit: perPart(translationParts, (p) => (p.isPreTranslated === true ? 'yes' : 'no')),
      drill: (key) => clause(field(['is pre translated'], key === 'yes' ? 'isTrue' : 'isFalse', null)),
    },
    {
      id: 'updated',
      none: 'no date',
      title: 'Translations by month updated',
      parts: FORMS,
      order: 'time',
      visit: perPart(translationParts, (p) => monthOf(p.createdAt)),
      drill: (key) =>
        monthDrill(
          key,
          (from, to) =>
            field(['updated'], 'between', { kind: 'datetime', value: from }, { kind: 'datetime', value: to }),
          'CroQL cannot select translations without a date.',
        ),
    },
  ],
  tmSegments: [
    {
      id: 'recordLanguage',
      none: 'no language',
      title: 'Segments by record language',
      parts: RECORDS,
      order: 'count',
      visit: perPart(records, (rec) => textKey(rec.languageId)),
      drill: () => local('A TM record has no language field in CroQL.'),
    },
    {
      id: 'usage',
      none: 'no usage count',
      title: 'Segments by record usage count',
      parts: RECORDS,
      order: 'given',
      keys: USAGE_BUCKETS.map((b) => b.key),
      visit: perPart(records, (rec) => usageBucket(rec.usageCount)),
      drill: (key) => {
        const b = USAGE_BUCKETS.find((x) => x.key === key);
        if (!b) return local('These records have no usage count.');
        const cond =
          b.to === null
            ? field(['usageCount'], '>=', num(String(b.from)))
            : b.from === b.to
              ? field(['usageCount'], '=', num(String(b.from)))
              : field(['usageCount'], 'between', num(String(b.from)), num(String(b.to)));
        return clause(`count of records where (${cond}) > 0`);
      },
    },
    {
      id: 'creator',
      none: 'no creator',
      title: 'Segments by record creator',
      parts: RECORDS,
      order: 'count',
      label: (key, names) => userLabel(key, names),
      visit: perPart(records, (rec) => idKey(rec.createdBy)),
      drill: (key, users) =>
        key === NONE || !isId(key)
          ? local('CroQL cannot select records without a creator.')
          : clause(`count of records where (${field(['createdBy'], '=', user(key, users))}) > 0`),
    },
  ],
  glossaryTerms: [
    {
      id: 'language',
      none: 'no language',
      title: 'Terms by language',
      order: 'count',
      visit: perRow((r) => textKey(r.languageId)),
      drill: (key) =>
        key === NONE
          ? local('CroQL cannot select terms without a language.')
          : clause(field(['language'], '=', { kind: 'language', value: key })),
    },
    termChart('status', 'status', 'Terms by status', 'no status', (r) => r.status),
    termChart(
      'partOfSpeech',
      'part of speech',
      'Terms by part of speech',
      'no part of speech',
      (r) => r.partOfSpeech,
    ),
    termChart('type', 'type', 'Terms by type', 'no type', (r) => r.type),
  ],
};

/** A chart of one text field of a term, drilled by `field = "value"`. */
function termChart(
  id: string,
  what: string,
  title: string,
  none: string,
  read: (row: RowOf<'glossaryTerms'>) => unknown,
): ChartSpec<RowOf<'glossaryTerms'>> {
  return {
    id,
    none,
    title,
    order: 'count',
    label: termWord,
    visit: perRow((r) => textKey(read(r))),
    drill: (key) =>
      key === NONE
        ? local(`CroQL cannot select terms without a ${what}.`)
        : clause(field([id], '=', str(key))),
  };
}

/** The charts of a listing, for code that reads any listing's rows. */
export const chartsOf = (listing: ListingName): readonly ChartSpec[] =>
  CHARTS[listing] as readonly ChartSpec[];

/** The name of item `key` of a chart. */
export function itemLabel(spec: ChartSpec, key: string, names: ItemNames, seen?: string): string {
  if (key === NONE) return spec.none;
  return spec.label?.(key, names, seen) ?? key;
}

export function chartOf(listing: ListingName, id: string): ChartSpec | undefined {
  return chartsOf(listing).find((c) => c.id === id);
}

/** The drill-down of item `key` of chart `chartId` in a listing. */
export function drillFor(
  listing: ListingName,
  chartId: string,
  key: string,
  users?: UserNames,
  seen?: string,
  names?: DisplayNames,
): Drill {
  return chartOf(listing, chartId)?.drill(key, users, seen, names) ?? local('This chart has no CroQL form.');
}

/** Whether `row` belongs to item `key` of `chart` (the local filter of items CroQL cannot express). */
export function rowHasItem(chart: ChartSpec, row: Row, key: string): boolean {
  let found = false;
  chart.visit(row, (k) => {
    if (k === key) found = true;
  });
  return found;
}
