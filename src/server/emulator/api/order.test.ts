import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareKeys, prepareOrder, sortByRanks, sortKey } from './order.ts';
import { runToEnd } from './slices.ts';

const value = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('', 'a', 'B', 'b', 'ä', '10', '9'),
  fc.record({ other: fc.constantFrom('x', 'y') }),
);

describe('sorting by prepared orders', () => {
  it('gives the order of a comparison sort on each term, stable, whatever the terms and the matches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(value, value), { maxLength: 300 }),
        fc.array(fc.tuple(fc.constantFrom(0, 1), fc.boolean()), { minLength: 1, maxLength: 2 }),
        fc.func(fc.boolean()),
        (items, terms, keep) => {
          const orders = [0, 1].map((f) => runToEnd(prepareOrder(items, (item: unknown[]) => item[f])));
          const list = items.map((_, i) => i).filter((i) => keep(i));
          const sorted = runToEnd(
            sortByRanks(
              Int32Array.from(list),
              terms.map(([f, desc]) => ({ order: orders[f]!, desc })),
            ),
          );
          const expected = [...list].sort((a, b) => {
            for (const [f, desc] of terms) {
              const c = compareKeys(sortKey(items[a]![f]), sortKey(items[b]![f]));
              if (c !== 0) return desc ? -c : c;
            }
            return a - b;
          });
          expect([...sorted]).toEqual(expected);
        },
      ),
    );
  });

  it('puts missing values last, numbers in numeric order, texts by code unit', () => {
    const items = [10, null, 9, 'b', undefined, 'B', 2];
    const { rank } = runToEnd(prepareOrder(items, (x) => x));
    const order = runToEnd(
      sortByRanks(Int32Array.from(items.keys()), [{ order: { rank, distinct: 6 }, desc: false }]),
    );
    expect([...order].map((i) => items[i])).toEqual([2, 9, 10, 'B', 'b', null, undefined]);
  });
});
