// The listing engine: evaluates a listing's condition (croql, or the classic filter parameters) over its
// context objects once per (query, data version), sorts the matches, caches the result, and serves any page
// from it, so page k costs what page 1 costs. All of that work runs in slices that yield to the event loop,
// so one heavy query never holds other clients (or /health); a request's evaluation and sort stop when its
// client goes away or its time budget is spent. Each orderBy field's order over a collection is prepared
// once (./order.ts), so a sort costs a few linear passes.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { compile, type ContextName, type ContextObject, type EvalEnv } from '../../../croql/index.ts';
import { ApiError, validationError } from './errors.ts';
import { prepareOrder, sortByRanks, type PreparedOrder } from './order.ts';
import { runSlice, sliceOver } from './slices.ts';

/**
 * Work time all running evaluations and sorts share before the event loop serves I/O again: each gets its
 * part of it per turn, so arriving requests (and /health) wait about this long however many queries run.
 * A quarter of a millisecond: with 1 ms, /health took 1.3 ms at the median while a client sorted 200,000
 * strings (0.35 ms with a quarter), and a sort alone takes as long either way (`npm run bench`, emulator).
 */
const TURN_MS = 0.25;

export interface ListingSource {
  /** Identity of the collection for the cache: `strings:1`, `translations:1:uk`, `terms:1`. */
  key: string;
  context: ContextName;
  items: readonly ContextObject[];
  /** Consecutive matches with the same group key form one resource (plural forms of one string). */
  groupKey?: (index: number) => number;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */
/** A sort key of an item, given the item and its index in the source. */
export type Accessor = (o: any, index: number) => unknown;

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

/** The CPU time one request has spent on its evaluation and sort, against its budget. */
interface Budget {
  spent: number;
  limit: number;
  items: number;
}

export class ListingEngine {
  private cache = new Map<string, MatchSet>();
  private orders = new Map<string, Promise<PreparedOrder>>();
  /** Evaluations done (cache misses); tests use it to see that paging does not rescan. */
  evaluations = 0;
  /** Evaluations stopped because their client went away. */
  abandoned = 0;
  /** Fields' orders prepared (./order.ts); tests use it to see that one is prepared once. */
  ordersPrepared = 0;
  /** Evaluations, sorts and preparations under way (they share each turn of the event loop). */
  running = 0;

  constructor(
    private env: () => EvalEnv,
    /** Milliseconds of evaluation one request may spend. */
    private budgetMs: () => number = () => Infinity,
    private maxEntries = 48,
    private maxOrders = 24,
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
    const set = await this.evaluate(source, query, version, env, signal);
    this.cache.set(key, set);
    if (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    return set;
  }

  private async evaluate(
    source: ListingSource,
    query: ListingQuery,
    version: number,
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
      const budget: Budget = { spent: 0, limit: this.budgetMs(), items: items.length };
      indices = await this.run(matching(items, filter, predicate), signal, budget);
      if (query.orderBy.length) {
        const terms = await this.abortable(
          Promise.all(
            query.orderBy.map(async (t) => ({
              order: await this.preparedOrder(source, version, t),
              desc: t.desc,
            })),
          ),
          signal,
        );
        indices = await this.run(sortByRanks(indices, terms), signal, budget);
      }
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

  /**
   * A field's order over a source, prepared once per data version and shared by every request that sorts
   * by it (also those arriving while it is being prepared). The preparation runs to its end even when the
   * client that asked for it goes away: the next one needs it too.
   */
  private preparedOrder(source: ListingSource, version: number, term: OrderTerm): Promise<PreparedOrder> {
    const key = `${version}\u0000${source.key}\u0000${term.field}`;
    let order = this.orders.get(key);
    if (!order) {
      this.ordersPrepared++;
      order = this.run(prepareOrder(source.items, term.get));
      order.catch(() => this.orders.delete(key));
      this.orders.set(key, order);
      if (this.orders.size > this.maxOrders) this.orders.delete(this.orders.keys().next().value!);
    }
    return order;
  }

  /**
   * Runs `work` in slices: each takes its part of TURN_MS, then the event loop serves I/O. Charges the
   * slices to `budget` (a 400 when it is spent) and stops when `signal` aborts. The planner builds its
   * listing indexes through it too.
   */
  async run<T>(work: Generator<void, T>, signal?: AbortSignal, budget?: Budget): Promise<T> {
    this.running++;
    try {
      for (;;) {
        if (signal?.aborted) {
          this.abandoned++;
          signal.throwIfAborted();
        }
        const started = performance.now();
        const step = guarded(() => runSlice(work, Math.max(TURN_MS / 2, TURN_MS / this.running)));
        if (budget) {
          budget.spent += performance.now() - started;
          if (budget.spent > budget.limit) throw tooExpensive(budget.limit, budget.items);
        }
        if (step.done) return step.value;
        await nextTurn();
      }
    } finally {
      this.running--;
    }
  }

  /** `promise`, or the signal's reason as soon as the client goes away. */
  private abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (!signal) return promise;
    return new Promise<T>((resolve, reject) => {
      const gone = () => {
        this.abandoned++;
        reject(signal.reason as Error);
      };
      if (signal.aborted) return gone();
      signal.addEventListener('abort', gone, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', gone));
    });
  }
}

/** The indices of the items that pass the filter and the predicate, in stored order. */
function* matching(
  items: readonly ContextObject[],
  filter: ((o: ContextObject, index: number) => boolean) | null,
  predicate: ((o: ContextObject) => boolean) | null,
): Generator<void, Int32Array> {
  // Outside the JS heap, so a big result adds no garbage-collection pause for the other clients.
  const list = new Int32Array(items.length);
  let count = 0;
  for (let i = 0; i < items.length; i++) {
    const o = items[i]!;
    if ((!filter || filter(o, i)) && (!predicate || predicate(o))) list[count++] = i;
    // A predicate can be slow (nested counts): ask after every item (sliceOver reads the clock as needed).
    if (sliceOver()) yield;
  }
  return count === items.length ? list : list.slice(0, count);
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
