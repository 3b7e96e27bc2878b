import { describe, expect, it } from 'vitest';
import { runSlice, runToEnd, sliceOver } from './slices.ts';

/** Work without end that yields only when its slice is over, counting its steps. */
function* endless(steps: { n: number }): Generator<void, never> {
  for (;;) {
    steps.n++;
    if (sliceOver()) yield;
  }
}

describe('slices', () => {
  it('a slice ends: endless work comes back, not done, and goes on in the next slice', () => {
    const steps = { n: 0 };
    const work = endless(steps);
    expect(runSlice(work, 1).done).toBe(false);
    const first = steps.n;
    expect(first).toBeGreaterThan(0);
    expect(runSlice(work, 1).done).toBe(false);
    expect(steps.n).toBeGreaterThan(first);
  });

  it('outside a slice work never yields, so runToEnd runs it in one piece', () => {
    let yields = 0;
    function* counted(): Generator<void, number> {
      let sum = 0;
      for (let i = 0; i < 100_000; i++) {
        sum += i;
        if (sliceOver()) {
          yields++;
          yield;
        }
      }
      return sum;
    }
    runSlice(endless({ n: 0 }), 0); // a slice before must not leave its end behind
    expect(runToEnd(counted())).toBe(4_999_950_000);
    expect(yields).toBe(0);
  });
});
