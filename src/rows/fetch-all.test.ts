import { describe, expect, it } from 'vitest';
import { fetchAll } from './fetch-all.ts';

class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('429');
  }
}

/** A fake listing of `total` numbered rows that counts requests in flight and can answer 429. */
function fakeListing(total: number, opts: { serverCap?: number; delay?: (offset: number) => number } = {}) {
  const state = { inFlight: 0, peak: 0, requests: 0, rateLimited: 0, offsets: [] as number[] };
  const fetchPage = async (offset: number, limit: number, signal: AbortSignal): Promise<number[]> => {
    state.requests++;
    state.offsets.push(offset);
    state.inFlight++;
    state.peak = Math.max(state.peak, state.inFlight);
    try {
      if (opts.serverCap !== undefined && state.inFlight > opts.serverCap) {
        state.rateLimited++;
        throw new RateLimited(1);
      }
      await new Promise((r) => setTimeout(r, opts.delay?.(offset) ?? 1));
      if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
      const rows: number[] = [];
      for (let i = offset; i < Math.min(total, offset + limit); i++) rows.push(i);
      return rows;
    } finally {
      state.inFlight--;
    }
  };
  return { state, fetchPage };
}

const retryAfterSeconds = (e: unknown) => (e instanceof RateLimited ? e.retryAfterSeconds : null);
const instantSleep = () => Promise.resolve();
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('fetchAll', () => {
  it('loads every row once, in order, stopping at the first short page', async () => {
    const { state, fetchPage } = fakeListing(2345, { delay: (o) => (o % 1000 === 0 ? 5 : 1) });
    const delivered: number[] = [];
    const result = await fetchAll({
      fetchPage,
      pageSize: 100,
      maxInFlight: 8,
      onPage: (_, o) => delivered.push(o),
    });
    expect(result.rows).toEqual(range(0, 2345));
    expect(result.complete).toBe(true);
    expect(delivered).toEqual(range(0, 24).map((i) => i * 100));
    // Speculation past the end is bounded by the window.
    expect(state.requests).toBeLessThanOrEqual(24 + 8);
  });

  it('never has more requests in flight than its cap, and never more than 20', async () => {
    const small = fakeListing(5000);
    await fetchAll({ fetchPage: small.fetchPage, pageSize: 50, maxInFlight: 6 });
    expect(small.state.peak).toBeLessThanOrEqual(6);
    const big = fakeListing(20000);
    const result = await fetchAll({
      fetchPage: big.fetchPage,
      pageSize: 100,
      maxInFlight: 99,
      initialInFlight: 99,
    });
    expect(big.state.peak).toBeLessThanOrEqual(20);
    expect(result.peakInFlight).toBeLessThanOrEqual(20);
  });

  it('honours 429 Retry-After: waits, shrinks its window, retries the same page, loses nothing', async () => {
    const { state, fetchPage } = fakeListing(3000, { serverCap: 3 });
    const waits: number[] = [];
    const result = await fetchAll({
      fetchPage,
      pageSize: 100,
      maxInFlight: 12,
      initialInFlight: 12,
      retryAfterSeconds,
      sleep: (ms) => {
        waits.push(ms);
        return instantSleep();
      },
    });
    expect(state.rateLimited).toBeGreaterThan(0);
    expect(result.rateLimited).toBe(state.rateLimited);
    expect(waits.some((ms) => ms >= 1000)).toBe(true);
    expect(result.rows).toEqual(range(0, 3000));
  });

  it('starts after the rows already loaded', async () => {
    const { state, fetchPage } = fakeListing(1200);
    const result = await fetchAll({ fetchPage, pageSize: 500, startOffset: 500 });
    expect(result.rows).toEqual(range(500, 1200));
    expect(Math.min(...state.offsets)).toBe(500);
  });

  it('stops at maxRows and says it is incomplete', async () => {
    const { fetchPage } = fakeListing(10000);
    const result = await fetchAll({ fetchPage, pageSize: 100, maxRows: 450 });
    expect(result.rows).toEqual(range(0, 450));
    expect(result.complete).toBe(false);
  });

  it('rejects on another error, after delivering the pages before it', async () => {
    const delivered: number[] = [];
    const fetchPage = async (offset: number) => {
      await new Promise((r) => setTimeout(r, offset / 100));
      if (offset === 300) throw new Error('server failed');
      return range(offset, offset + 100);
    };
    await expect(
      fetchAll({ fetchPage, pageSize: 100, maxInFlight: 2, onPage: (rows) => delivered.push(...rows) }),
    ).rejects.toThrow('server failed');
    expect(delivered).toEqual(range(0, 300));
  });

  it('cancels: the abort signal rejects it and aborts the requests in flight', async () => {
    const controller = new AbortController();
    const aborted: number[] = [];
    const fetchPage = (offset: number, _limit: number, signal: AbortSignal) =>
      new Promise<number[]>((_, reject) => {
        signal.addEventListener('abort', () => {
          aborted.push(offset);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    const done = fetchAll({
      fetchPage,
      pageSize: 100,
      maxInFlight: 3,
      initialInFlight: 3,
      signal: controller.signal,
    });
    controller.abort();
    await expect(done).rejects.toBeDefined();
    expect(aborted.sort()).toEqual([0, 100, 200]);
  });
});
