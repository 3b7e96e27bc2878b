import { describe, expect, it } from 'vitest';
import { partialRow, partialRows } from '../testing/fixtures.ts';
import { rowIdentity } from './identity.ts';
import { describeSize } from './row-sets.ts';
import { compareSets } from './sets.ts';

const uk = { languageId: 'uk' };
const set = (rows: Record<string, unknown>[], complete = true) => ({
  rows: partialRows(rows),
  complete,
  limit: 100_000,
});

describe('row identity', () => {
  it('is the resource, never the position', () => {
    expect(rowIdentity('strings', uk, partialRow({ id: 7 }))).toBe('string:7');
    expect(rowIdentity('tmSegments', uk, partialRow({ id: 7 }))).toBe('segment:7');
    expect(rowIdentity('glossaryTerms', uk, partialRow({ id: 7 }))).toBe('term:7');
    expect(rowIdentity('translations', uk, partialRow({ stringId: 7, translationId: 70 }))).toBe(
      'translation:7:uk:70',
    );
    expect(
      rowIdentity('translations', { languageId: 'de' }, partialRow({ stringId: 7, translationId: 70 })),
    ).toBe('translation:7:de:70');
    // A plural group by string and language: the forms it holds may differ between runs.
    expect(
      rowIdentity('translations', uk, partialRow({ stringId: 7, plurals: [{ translationId: 1 }] })),
    ).toBe('plural:7:uk');
    expect(rowIdentity('strings', uk, partialRow({ identifier: 'x' }))).toBeNull();
  });
});

describe('compare as sets', () => {
  it('only A, only B and both, whatever the order', () => {
    const a = set([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const b = set([
      { id: 4, v: 'b' },
      { id: 3, v: 'b' },
      { id: 2, v: 'b' },
    ]);
    const result = compareSets('strings', uk, a, b);
    expect(result).toEqual({
      kind: 'compared',
      onlyA: [{ id: 1 }],
      onlyB: [{ id: 4, v: 'b' }],
      both: [
        { id: 2, v: 'b' },
        { id: 3, v: 'b' },
      ],
      unidentified: 0,
    });
  });

  it('a set past the limit is never compared as if complete', () => {
    const result = compareSets('strings', uk, set([{ id: 1 }], false), set([{ id: 1 }]));
    expect(result).toEqual({ kind: 'tooLarge', which: ['A'], limit: 100_000 });
    expect(describeSize(set([{ id: 1 }], false))).toBe('more than 100,000 rows');
    expect(describeSize(set([{ id: 1 }]))).toBe('1 row');
  });
});
