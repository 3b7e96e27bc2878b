// "Fetch all": every page of a listing after the ones already loaded, with bounded concurrent requests.
// The listings return no total, so the scheduler speculates: it keeps up to `maxInFlight` page requests
// going at consecutive offsets and stops launching at the first short page (requests past it are aborted).
// Pages reach `onPage` in offset order, so the table only ever grows at its end.
// A 429 pauses every new launch for its Retry-After, halves the window, and retries the same page.
// Pure TypeScript over a `fetchPage` function: the app passes its API client, the bench passes Node's fetch.
import { PAGE_SIZE, SERVICE_MAX_IN_FLIGHT } from './limits.ts';

export interface FetchAllOptions<T> {
  fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<T[]>;
  /** The first offset to fetch (the rows already loaded). */
  startOffset?: number;
  pageSize?: number;
  /** Never above SERVICE_MAX_IN_FLIGHT. */
  maxInFlight?: number;
  /** Window at the start; it doubles with every full page, up to maxInFlight. */
  initialInFlight?: number;
  /** Stop (incomplete) once this many rows are loaded in total, counting startOffset. */
  maxRows?: number;
  signal?: AbortSignal;
  /** Called in offset order with each page's rows. */
  onPage?: (rows: T[], offset: number) => void;
  /** Seconds to wait when `error` is a rate-limit answer, otherwise null. */
  retryAfterSeconds?: (error: unknown) => number | null;
  /** Give up after this many 429s in a row for one page. */
  maxRetries?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface FetchAllResult<T> {
  rows: T[];
  /** false when maxRows stopped it before the last page. */
  complete: boolean;
  requests: number;
  rateLimited: number;
  peakInFlight: number;
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function fetchAll<T>(options: FetchAllOptions<T>): Promise<FetchAllResult<T>> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const maxInFlight = Math.max(1, Math.min(SERVICE_MAX_IN_FLIGHT, options.maxInFlight ?? 10));
  const maxRows = options.maxRows ?? Infinity;
  const maxRetries = options.maxRetries ?? 8;
  const sleep = options.sleep ?? abortableSleep;
  const retryAfter = options.retryAfterSeconds ?? (() => null);
  const outer = options.signal;

  return new Promise((resolve, reject) => {
    const all = new AbortController();
    const rows: T[] = [];
    const inFlight = new Map<number, AbortController>();
    const finished = new Map<number, T[]>();
    const retryQueue: number[] = [];
    const attempts = new Map<number, number>();
    let window = Math.max(1, Math.min(maxInFlight, options.initialInFlight ?? 4));
    let nextOffset = options.startOffset ?? 0;
    let deliverOffset = nextOffset;
    /** Offset of the first short page seen; nothing past it exists. */
    let endOffset = Infinity;
    let paused = false;
    let pauseEnd = 0;
    let pauseGeneration = 0;
    let settled = false;
    const stats = { requests: 0, rateLimited: 0, peakInFlight: 0 };

    const onOuterAbort = () => fail(outer!.reason ?? new DOMException('Aborted', 'AbortError'));
    if (outer?.aborted) return reject(outer.reason);
    outer?.addEventListener('abort', onOuterAbort, { once: true });

    function finish(complete: boolean) {
      if (settled) return;
      settled = true;
      cleanup();
      resolve({ rows, complete, ...stats });
    }
    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      cleanup();
      reject(error);
    }
    function cleanup() {
      outer?.removeEventListener('abort', onOuterAbort);
      all.abort();
      for (const c of inFlight.values()) c.abort();
      inFlight.clear();
    }

    function deliver() {
      for (let page = finished.get(deliverOffset); page; page = finished.get(deliverOffset)) {
        finished.delete(deliverOffset);
        const offset = deliverOffset;
        const room = maxRows - loadedTotal();
        const taken = page.length > room ? page.slice(0, Math.max(0, room)) : page;
        for (const r of taken) rows.push(r);
        options.onPage?.(taken, offset);
        deliverOffset += pageSize;
        if (page.length < pageSize) return finish(true);
        if (loadedTotal() >= maxRows) return finish(false);
      }
    }

    function loadedTotal() {
      return (options.startOffset ?? 0) + rows.length;
    }

    function canLaunch(offset: number) {
      return offset < endOffset && offset < maxRows;
    }

    function pump() {
      if (settled) return;
      if (paused) return;
      while (inFlight.size < window) {
        let offset: number;
        const retry = retryQueue.findIndex(canLaunch);
        if (retry >= 0) offset = retryQueue.splice(retry, 1)[0]!;
        else if (canLaunch(nextOffset)) {
          offset = nextOffset;
          nextOffset += pageSize;
        } else break;
        launch(offset);
      }
      if (
        inFlight.size === 0 &&
        !retryQueue.some(canLaunch) &&
        !canLaunch(nextOffset) &&
        finished.size === 0
      ) {
        // Nothing left to ask for; everything up to endOffset has been delivered or endOffset was capped.
        finish(endOffset !== Infinity);
      }
    }

    /** No new request until `ms` from now (a later 429 can extend the pause, never shorten it). */
    function pause(ms: number) {
      const end = Date.now() + ms;
      if (paused && end <= pauseEnd) return;
      paused = true;
      pauseEnd = end;
      const generation = ++pauseGeneration;
      sleep(ms, all.signal).then(
        () => {
          if (generation !== pauseGeneration) return;
          paused = false;
          pump();
        },
        () => {},
      );
    }

    function launch(offset: number) {
      const controller = new AbortController();
      inFlight.set(offset, controller);
      stats.requests++;
      stats.peakInFlight = Math.max(stats.peakInFlight, inFlight.size);
      let request: Promise<T[]>;
      try {
        request = options.fetchPage(offset, pageSize, controller.signal);
      } catch (error) {
        request = Promise.reject(error);
      }
      request.then(
        (page) => {
          if (settled || inFlight.get(offset) !== controller) return;
          inFlight.delete(offset);
          if (page.length < pageSize && offset < endOffset) {
            endOffset = offset;
            for (const [o, c] of inFlight) {
              if (o > offset) {
                c.abort();
                inFlight.delete(o);
              }
            }
          }
          if (page.length === pageSize) window = Math.min(maxInFlight, window * 2);
          finished.set(offset, page);
          deliver();
          pump();
        },
        (error: unknown) => {
          if (settled || inFlight.get(offset) !== controller) return;
          inFlight.delete(offset);
          const wait = retryAfter(error);
          const tries = (attempts.get(offset) ?? 0) + 1;
          attempts.set(offset, tries);
          if (wait === null || tries > maxRetries) return fail(error);
          stats.rateLimited++;
          window = Math.max(1, Math.floor(window / 2));
          retryQueue.push(offset);
          retryQueue.sort((a, b) => a - b);
          pause(Math.max(0, wait) * 1000);
        },
      );
    }

    pump();
  });
}
