// Aggregation of a run's rows for the Insight charts: one pass over each chunk of 500 rows (a page of the
// listing), every chart of the listing counted in that pass. A chunk already counted is never counted
// again: its totals are cached by the identity of its first row object and checked against its last (a run's
// row objects stay the same while more pages are appended). The chunks' totals are merged, which costs the
// number of items, not rows. Pure.
import type { ListingName } from '../croql/index.ts';
import type { Row, RowOf } from '../rows/rows.ts';
import { chartsOf, NONE, type ChartSpec } from './charts.ts';
import { measureSource, type TextSize } from './words.ts';

export interface Bucket {
  key: string;
  /** The item's name as the rows give it (a username), when the key is an id. */
  label?: string;
  /** Rows in this item. */
  rows: number;
  /** Parts (plural forms, records) in this item. */
  parts: number;
}

export interface Aggregate {
  context: ListingName;
  rows: number;
  /** Per chart id, its items. */
  charts: Record<string, Map<string, Bucket>>;
  /** Source words and characters (strings only; see words.ts). */
  source: TextSize;
}

interface Counting extends Bucket {
  /** The last row counted in `rows` (a row counts once per item, however many of its parts are in it). */
  stamp: number;
}

/** Counts `rows[from..to)` in one pass. */
export function aggregateRows(
  context: ListingName,
  rows: readonly Row[],
  from = 0,
  to = rows.length,
): Aggregate {
  const specs = chartsOf(context);
  const maps = specs.map(() => new Map<string, Counting>());
  let stamp = 0;
  let map = maps[0]!;
  const emit = (key: string, parts: number, label?: string) => {
    let b = map.get(key);
    if (b === undefined) {
      b = { key, rows: 0, parts: 0, stamp: -1 };
      if (label !== undefined) b.label = label;
      map.set(key, b);
    }
    if (b.stamp !== stamp) {
      b.stamp = stamp;
      b.rows++;
    }
    b.parts += parts;
  };
  const source: TextSize = { words: 0, chars: 0 };
  const strings = context === 'strings';
  for (let i = from; i < to; i++) {
    const row = rows[i]!;
    stamp = i;
    for (let c = 0; c < specs.length; c++) {
      map = maps[c]!;
      specs[c]!.visit(row, emit);
    }
    if (strings) {
      const string = row as RowOf<'strings'>;
      measureSource(string.text, string.type, source);
    }
  }
  const charts: Record<string, Map<string, Bucket>> = {};
  specs.forEach((spec, c) => {
    charts[spec.id] = maps[c]! as Map<string, Bucket>;
  });
  return { context, rows: to - from, charts, source };
}

/** Rows per cached chunk: the listing's page size, so chunks and pages line up. */
export const CHUNK = 500;
const chunkCache = new WeakMap<Row, { last: Row; aggregate: Aggregate }>();

/** The aggregate of `rows[from..to)`, computed once per chunk of row objects. */
function aggregateChunk(context: ListingName, rows: readonly Row[], from: number, to: number): Aggregate {
  const first = rows[from]!;
  if (isCounted(context, rows, from, to)) return chunkCache.get(first)!.aggregate;
  const last = rows[to - 1]!;
  const aggregate = aggregateRows(context, rows, from, to);
  chunkCache.set(first, { last, aggregate });
  return aggregate;
}

/** The totals of several aggregates of one listing (different rows: counts add up). */
export function mergeAggregates(context: ListingName, parts: readonly Aggregate[]): Aggregate {
  if (parts.length === 1) return parts[0]!;
  const charts: Record<string, Map<string, Bucket>> = {};
  for (const spec of chartsOf(context)) charts[spec.id] = new Map();
  const source: TextSize = { words: 0, chars: 0 };
  let rows = 0;
  for (const part of parts) {
    rows += part.rows;
    source.words += part.source.words;
    source.chars += part.source.chars;
    for (const id in part.charts) {
      const into = charts[id]!;
      for (const b of part.charts[id]!.values()) {
        const have = into.get(b.key);
        if (have) {
          have.rows += b.rows;
          have.parts += b.parts;
        } else into.set(b.key, { key: b.key, label: b.label, rows: b.rows, parts: b.parts });
      }
    }
  }
  return { context, rows, charts, source };
}

/**
 * The aggregate of a run's loaded rows: each chunk counted once, ever; a new page adds one chunk's work.
 * `budget` caps the chunks counted afresh in this call (cached ones are free): the result then covers the
 * rows up to the first chunk left uncounted (`aggregate.rows`), and a later call goes on from there.
 */
export function aggregateLoaded(context: ListingName, rows: readonly Row[], budget = Infinity): Aggregate {
  if (rows.length === 0) return aggregateRows(context, rows);
  const parts: Aggregate[] = [];
  let fresh = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const end = Math.min(rows.length, i + CHUNK);
    const cached = isCounted(context, rows, i, end);
    if (!cached && fresh >= budget) break;
    if (!cached) fresh++;
    parts.push(aggregateChunk(context, rows, i, end));
  }
  return parts.length ? mergeAggregates(context, parts) : aggregateRows(context, []);
}

function isCounted(context: ListingName, rows: readonly Row[], from: number, to: number): boolean {
  const cached = chunkCache.get(rows[from]!);
  return (
    !!cached &&
    cached.last === rows[to - 1] &&
    cached.aggregate.rows === to - from &&
    cached.aggregate.context === context
  );
}

/** A chart's items in display order. `NONE` (no value) comes last. */
export function orderedItems(spec: ChartSpec, items: ReadonlyMap<string, Bucket>): Bucket[] {
  const list = [...items.values()];
  if (spec.order === 'given' && spec.keys) {
    const rank = new Map(spec.keys.map((k, i) => [k, i]));
    const at = (b: Bucket) => rank.get(b.key) ?? rank.size;
    return list.sort((a, b) => at(a) - at(b));
  }
  const none = (b: Bucket) => (b.key === NONE ? 1 : 0);
  if (spec.order === 'time') return list.sort((a, b) => none(a) - none(b) || a.key.localeCompare(b.key));
  return list.sort(
    (a, b) => none(a) - none(b) || b.rows - a.rows || a.key.localeCompare(b.key, 'en', { numeric: true }),
  );
}
