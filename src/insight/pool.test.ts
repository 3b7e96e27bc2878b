import { describe, expect, it } from 'vitest';
import { createPool } from './pool.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('request pool', () => {
  it('never runs more than its limit at once, and hands each freed slot to the next in line', async () => {
    const pool = createPool(2);
    const gates = Array.from({ length: 5 }, deferred);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const signal = new AbortController().signal;
    const all = gates.map((gate, i) =>
      pool.run(signal, async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(i);
        await gate.promise;
        running--;
      }),
    );
    await Promise.resolve();
    expect(pool.active).toBe(2);
    for (const gate of gates) {
      gate.resolve();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(all);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(pool.active).toBe(0);
  });

  it('drops a waiting task whose signal aborts: it never runs and rejects', async () => {
    const pool = createPool(1);
    const gate = deferred();
    const first = pool.run(new AbortController().signal, () => gate.promise);
    const controller = new AbortController();
    let ran = false;
    const waiting = pool.run(controller.signal, async () => {
      ran = true;
    });
    controller.abort(new DOMException('Cancelled', 'AbortError'));
    await expect(waiting).rejects.toThrow('Cancelled');
    gate.resolve();
    await first;
    expect(ran).toBe(false);
    expect(pool.active).toBe(0);
  });
});
