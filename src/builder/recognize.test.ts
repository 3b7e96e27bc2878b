import { describe, expect, it } from 'vitest';
import { FILTERS, defaultParams, filterToCroql, type FilterParams } from './filters.ts';
import { fromCroql } from './read.ts';
import { sharedShapes } from './recognize.ts';

describe('reading editor filters back from CroQL', () => {
  it('every exact filter, with and without a pin, opens as itself with its parameters', () => {
    for (const def of FILTERS) {
      for (const pin of def.pinnable ? [undefined, 'de'] : [undefined]) {
        const params: FilterParams = {
          ...defaultParams(def),
          ...(def.id === 'labels' ? { labels: ['4', '9'] } : {}),
        };
        for (const p of def.params.filter((s) => s.kind === 'user')) params[p.key] = 'emma';
        const r = filterToCroql(def.id, params, pin ? { pinLanguage: pin } : {});
        if (r.kind !== 'exact') continue;
        const root = fromCroql(r.croql, 'strings');
        expect(root.children, `${def.id} ${pin ?? ''}: ${r.croql}`).toEqual([
          expect.objectContaining({ kind: 'filter', filter: def.id, params, pinLanguage: pin ?? null }),
        ]);
      }
    }
  });

  it('approximations are not claimed back: the text opens as what it says', () => {
    const r = filterToCroql('verbalExpression', { text: 'Save', scope: 'context' });
    expect(fromCroql(r.kind === 'approximation' ? r.croql : '', 'strings').children[0]).toMatchObject({
      kind: 'field',
      path: ['context'],
      op: 'contains',
    });
  });

  it('only one label written as "all of" or "any of" is the same text (and the same strings)', () => {
    fromCroql('is hidden', 'strings');
    // Exactly two texts are written by more than one choice: one label included (any of / all of) and
    // one label excluded; no two different filters share a text.
    expect(sharedShapes).toHaveLength(2);
    expect(sharedShapes[0]).toMatch(/^labels \/ labels: count of labels where \(id = \d+\) > 0$/);
    expect(sharedShapes[1]).toMatch(/^labels \/ labels: count of labels where \(id = \d+\) = 0$/);
  });

  it('filters are recognised at the top level of a strings query only', () => {
    const nested = fromCroql(
      'count of translations where (count of approvals where (user = @user:"bob") > 0) > 0',
      'translations',
    );
    expect(nested.children[0]!.kind).not.toBe('filter');
  });
});
