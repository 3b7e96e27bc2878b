// The listing engine: evaluates a listing's condition (croql, or the classic filter parameters) over its
// context objects once per (query, data version), caches the matching indices, and serves any page from
// them, so page k costs what page 1 costs. Evaluation runs in slices that yield to the event loop, so one
// heavy query never holds other clients; it stops when its client goes away or its time budget is spent.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { compile, type ContextName, type ContextObject, type EvalEnv } from '../../../croql/index.ts';
import { ApiError, validationError } from './errors.ts';

/**
 * Evaluation time all running evaluations share before the event loop serves I/O again: each gets its
 * part of it per turn, so arriving requests (and /health) wait about this long however many queries run.
 */
const TURN_MS = 10;

export interface ListingSource {
  /** Identity of the collection for the cache: `strings:1`, `translations:1:uk`, `terms:1`. */
  key: string;
  context: ContextName;
  items: readonly ContextObject[];
  /** Consecutive matches with the same group key form one resource (plural forms of one string). */
  groupKey?: (index: number) => number;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */
export type Accessor = (o: any) => unknown;

export interface OrderTerm {
  field: string;
  desc: boolean;
  get: Accessor;
}

export interface ListingQuery {
  croql: string | null;
  /** The classic (non-croql) filter parameters as one predicate; `key` names it for the cache. */
  filter: { key: string; test: (o: any, index: number) => boolean } | null;
  orderBy: OrderTerm[];
}

interface MatchSet {
  /** Matching item indices in result order; null means every item in stored order. */
  indices: Int32Array | null;
  /** Start of each resource in `indices` (or in the items) when the source groups; null otherwise. */
  starts: Int32Array | null;
  /** Number of resources. */
  count: number;
}

export class ListingEngine {
  private cache = new Map<string, MatchSet>();
  /** Evaluations done (cache misses); tests use it to see that paging does not rescan. */
  evaluations = 0;
  /** Evaluations stopped because their client went away. */
  abandoned = 0;
  /** Evaluations under way (they share each turn of the event loop). */
  running = 0;

  constructor(
    private env: () => EvalEnv,
    /** Milliseconds of evaluation one request may spend. */
    private budgetMs: () => number = () => Infinity,
    private maxEntries = 48,
  ) {}

  /**
   * The item indices of each resource on the page. Rejects with a 400 ApiError when the evaluation exceeds
   * its budget, and with the signal's reason when the client has gone.
   */
  async page(
    source: ListingSource,
    query: ListingQuery,
    version: number,
    offset: number,
    limit: number,
    signal?: AbortSignal,
  ): Promise<number[][]> {
    const set = await this.matches(source, query, version, signal);
    const out: number[][] = [];
    const end = Math.min(set.count, offset + limit);
    for (let r = offset; r < end; r++) {
      const from = set.starts ? set.starts[r]! : r;
      const to = set.starts
        ? r + 1 < set.count
          ? set.starts[r + 1]!
          : (set.indices?.length ?? source.items.length)
        : r + 1;
      const group: number[] = [];
      for (let k = from; k < to; k++) group.push(set.indices ? set.indices[k]! : k);
      out.push(group);
    }
    return out;
  }

  private async matches(
    source: ListingSource,
    query: ListingQuery,
    version: number,
    signal: AbortSignal | undefined,
  ): Promise<MatchSet> {
    const env = this.env();
    const day = env.now.toISOString().slice(0, 10);
    const order = query.orderBy.map((o) => `${o.field}:${o.desc ? 'd' : 'a'}`).join(',');
    const key = `${version}\u0000${source.key}\u0000${day}\u0000${order}\u0000${query.filter?.key ?? ''}\u0000${query.croql ?? ''}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const set = await this.evaluate(source, query, env, signal);
    this.cache.set(key, set);
    if (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    return set;
  }

  private async evaluate(
    source: ListingSource,
    query: ListingQuery,
    env: EvalEnv,
    signal: AbortSignal | undefined,
  ): Promise<MatchSet> {
    this.evaluations++;
    const items = source.items;
    let predicate: ((o: ContextObject) => boolean) | null = null;
    if (query.croql !== null) {
      const result = guarded(() => compile(query.croql!, source.context, env));
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (!result.predicate || errors.length) {
        throw validationError(
          'croql',
          errors.map((d) => ({ code: d.code, message: d.message, from: d.from, to: d.to })),
        );
      }
      predicate = result.predicate;
    }
    const filter = query.filter?.test ?? null;
    let indices: Int32Array | null = null;
    if (predicate || filter || query.orderBy.length) {
      const list: number[] = [];
      const budget = this.budgetMs();
      let spent = 0;
      let i = 0;
      this.running++;
      try {
        while (i < items.length) {
          if (signal?.aborted) {
            this.abandoned++;
            signal.throwIfAborted();
          }
          const started = performance.now();
          const until = started + Math.max(0.5, TURN_MS / this.running);
          guarded(() => {
            for (; i < items.length;) {
              const o = items[i]!;
              if ((!filter || filter(o, i)) && (!predicate || predicate(o))) list.push(i);
              if ((++i & 3) === 0 && performance.now() >= until) break;
            }
          });
          spent += performance.now() - started;
          if (spent > budget) throw tooExpensive(budget, items.length);
          if (i < items.length) await nextTurn();
        }
      } finally {
        this.running--;
      }
      if (query.orderBy.length) sortIndices(list, items, query.orderBy);
      indices = Int32Array.from(list);
    }
    const total = indices ? indices.length : items.length;
    if (!source.groupKey) return { indices, starts: null, count: total };
    const starts: number[] = [];
    let previous = NaN;
    for (let k = 0; k < total; k++) {
      const g = source.groupKey(indices ? indices[k]! : k);
      if (g !== previous || g < 0) starts.push(k);
      previous = g;
    }
    return { indices, starts: Int32Array.from(starts), count: starts.length };
  }
}

/** A bug of the evaluator must not become a 500: the client gets a 400 naming it, the log the details. */
function guarded<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    console.error('emulator: internal error while evaluating a query', error);
    throw validationError('croql', [
      {
        code: 'croqlInternalError',
        message:
          'The emulator failed to evaluate this query (an internal error, logged on its console). Please report it with the query.',
      },
    ]);
  }
}

function tooExpensive(budgetMs: number, count: number): ApiError {
  return validationError('croql', [
    {
      code: 'croqlTooExpensive',
      message: `The query needs more than ${budgetMs} ms to evaluate over ${count.toLocaleString('en-US')} objects, so the emulator stopped it. Simplify it: fewer nested "count of" conditions or repeated operators.`,
    },
  ]);
}

function sortIndices(list: number[], items: readonly ContextObject[], order: OrderTerm[]): void {
  const keys = order.map((o) => list.map((i) => o.get(items[i])));
  const positions = list.map((_, k) => k);
  positions.sort((a, b) => {
    for (let t = 0; t < order.length; t++) {
      const c = compareValues(keys[t]![a], keys[t]![b]);
      if (c !== 0) return order[t]!.desc ? -c : c;
    }
    return a - b;
  });
  const sorted = positions.map((k) => list[k]!);
  for (let k = 0; k < list.length; k++) list[k] = sorted[k]!;
}

/** Nulls sort after every value; numbers numerically; everything else as text. */
function compareValues(a: unknown, b: unknown): number {
  const an = a === null || a === undefined;
  const bn = b === null || b === undefined;
  if (an || bn) return an === bn ? 0 : an ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = typeof a === 'object' ? JSON.stringify(a) : String(a);
  const y = typeof b === 'object' ? JSON.stringify(b) : String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Parses `orderBy=createdAt desc,name` against the fields a listing can sort by. */
export function parseOrderBy(raw: string | undefined, fields: Record<string, Accessor>): OrderTerm[] {
  if (!raw || !raw.trim()) return [];
  return raw.split(',').map((part) => {
    const [field, direction, extra] = part.trim().split(/\s+/);
    // Own properties only: `constructor` or `__proto__` is not a field.
    const get = field && Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (!field || !get || extra !== undefined || (direction && direction !== 'asc' && direction !== 'desc')) {
      throw validationError('orderBy', [
        {
          code: 'orderByInvalid',
          message: `Cannot sort by "${part.trim()}". Use one of ${Object.keys(fields).join(', ')}, each optionally followed by asc or desc.`,
        },
      ]);
    }
    return { field, desc: direction === 'desc', get };
  });
}
