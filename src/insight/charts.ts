// The Insight charts of each listing: what each chart counts, read from the API's row shapes (see
// src/server/emulator/api/resources.ts for the emulator's side of the same shapes). Pure.
//
// A chart counts rows, the resources the table shows. Where a row holds several parts (the plural forms of
// one translation row, the records of a TM segment) the chart names them in `parts`, and each item also
// counts its parts: a row counts once in every item one of its parts belongs to.
import type { ContextName } from '../croql/index.ts';
import type { Row } from '../results/listings.ts';

/** The key of "no value" (a string without a branch, a term without a status, …). */
export const NONE = '\u0000none';

export type ChartOrder = 'count' | 'time' | 'given';

/** Called by a chart's `visit` for each item a row belongs to; `label` names the item the first time. */
export type Emit = (key: string, parts: number, label?: string) => void;

export interface ChartSpec {
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
  /** The item label for a key, when it is not the key itself. */
  label?: (key: string) => string;
  visit: (row: Row, emit: Emit) => void;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
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

/** The parts of a translation row: its `plurals`, or the row itself (a plain or ICU translation). */
function translationParts(row: Row): Record<string, unknown>[] {
  return Array.isArray(row.plurals) ? (row.plurals as Record<string, unknown>[]) : [row];
}

function records(row: Row): Record<string, unknown>[] {
  return Array.isArray(row.records) ? (row.records as Record<string, unknown>[]) : [];
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

const STRING_TYPE_LABELS: Record<string, string> = {
  text: 'plain',
  plural: 'plural',
  icu: 'ICU',
  asset: 'asset',
};

type Part = Record<string, unknown>;
type Visit = ChartSpec['visit'];

/** One item per row. */
const perRow =
  (read: (row: Row) => string): Visit =>
  (r, emit) =>
    emit(read(r), 1);
/** One item per part (a translation's plural forms, a segment's records). */
const perPart =
  (
    parts: (row: Row) => Part[],
    read: (part: Part) => string,
    label?: (part: Part) => string | undefined,
  ): Visit =>
  (r, emit) => {
    for (const p of parts(r)) emit(read(p), 1, label?.(p));
  };

const FORMS = 'plural forms';
const RECORDS = 'records';

export const CHARTS: Record<ContextName, readonly ChartSpec[]> = {
  strings: [
    {
      id: 'file',
      none: 'no file',
      title: 'Strings by file',
      order: 'count',
      visit: perRow((r) => idKey(r.fileId)),
    },
    {
      id: 'branch',
      none: 'no branch',
      title: 'Strings by branch',
      order: 'count',
      visit: perRow((r) => idKey(r.branchId)),
    },
    {
      id: 'label',
      none: 'no label',
      title: 'Strings by label',
      order: 'count',
      visit: (r, emit) => {
        const ids = r.labelIds;
        if (!Array.isArray(ids) || ids.length === 0) return emit(NONE, 1);
        for (const id of ids) emit(idKey(id), 1);
      },
    },
    {
      id: 'type',
      none: 'unknown type',
      title: 'Strings by type',
      order: 'count',
      label: (k) => STRING_TYPE_LABELS[k] ?? k,
      visit: perRow((r) => textKey(r.type)),
    },
    {
      id: 'added',
      none: 'no date',
      title: 'Strings by month added',
      order: 'time',
      visit: perRow((r) => monthOf(r.createdAt)),
    },
    {
      id: 'updated',
      none: 'never updated',
      title: 'Strings by month updated',
      order: 'time',
      visit: perRow((r) => monthOf(r.updatedAt)),
    },
  ],
  translations: [
    {
      id: 'user',
      none: 'no user',
      title: 'Translations by user',
      parts: FORMS,
      order: 'count',
      visit: perPart(
        translationParts,
        (p) => (isRecord(p.user) ? idKey(p.user.id) : NONE),
        (p) => (isRecord(p.user) && typeof p.user.username === 'string' ? p.user.username : undefined),
      ),
    },
    {
      id: 'provider',
      none: 'no provider',
      title: 'Translations by provider',
      parts: FORMS,
      order: 'count',
      visit: perPart(translationParts, (p) => textKey(p.provider)),
    },
    {
      id: 'pluralForm',
      none: 'not plural',
      title: 'Translations by plural form',
      parts: FORMS,
      order: 'count',
      visit: perPart(translationParts, (p) => textKey(p.pluralForm)),
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
    },
    {
      id: 'updated',
      none: 'no date',
      title: 'Translations by month updated',
      parts: FORMS,
      order: 'time',
      visit: perPart(translationParts, (p) => monthOf(p.createdAt)),
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
    },
    {
      id: 'usage',
      none: 'no usage count',
      title: 'Segments by record usage count',
      parts: RECORDS,
      order: 'given',
      keys: USAGE_BUCKETS.map((b) => b.key),
      visit: perPart(records, (rec) => usageBucket(rec.usageCount)),
    },
    {
      id: 'creator',
      none: 'no creator',
      title: 'Segments by record creator',
      parts: RECORDS,
      order: 'count',
      visit: perPart(records, (rec) => idKey(rec.createdBy)),
    },
  ],
  glossaryTerms: [
    {
      id: 'language',
      none: 'no language',
      title: 'Terms by language',
      order: 'count',
      visit: perRow((r) => textKey(r.languageId)),
    },
    {
      id: 'status',
      none: 'no status',
      title: 'Terms by status',
      order: 'count',
      visit: perRow((r) => textKey(r.status)),
    },
    {
      id: 'partOfSpeech',
      none: 'no part of speech',
      title: 'Terms by part of speech',
      order: 'count',
      visit: perRow((r) => textKey(r.partOfSpeech)),
    },
    {
      id: 'type',
      none: 'no type',
      title: 'Terms by type',
      order: 'count',
      visit: perRow((r) => textKey(r.type)),
    },
  ],
};

export function chartOf(context: ContextName, id: string): ChartSpec | undefined {
  return CHARTS[context].find((c) => c.id === id);
}

/** Whether `row` belongs to item `key` of `chart` (the local filter of items CroQL cannot express). */
export function rowHasItem(chart: ChartSpec, row: Row, key: string): boolean {
  let found = false;
  chart.visit(row, (k) => {
    if (k === key) found = true;
  });
  return found;
}
