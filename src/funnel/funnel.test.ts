import { describe, expect, it } from 'vitest';
import { analyze } from '../croql/index.ts';
import { topLevelChain } from '../results/clauses.ts';
import { describeCount, fillFunnel, funnelOf, stepChange, type Count } from './funnel.ts';

function chainOf(text: string) {
  const chain = topLevelChain(analyze(text, 'strings').ast, text);
  if (!chain) throw new Error('no chain');
  return funnelOf(chain.op, chain.clauses);
}

describe('clause funnel', () => {
  it('an and chain: each clause alone, and what remains after each', async () => {
    const funnel = chainOf('is hidden and id > 3 and (text contains "a" or id = 1)');
    expect(funnel.op).toBe('and');
    expect(funnel.steps.map((s) => s.cumulativeQuery)).toEqual([
      'is hidden',
      '(is hidden) and (id > 3)',
      '(is hidden) and (id > 3) and (text contains "a" or id = 1)',
    ]);
    const counts: Record<string, Count> = {
      'is hidden': { rows: 50, complete: true },
      'id > 3': { rows: 1000, complete: true },
      'text contains "a" or id = 1': { rows: 300, complete: true },
      '(is hidden) and (id > 3)': { rows: 48, complete: true },
      '(is hidden) and (id > 3) and (text contains "a" or id = 1)': { rows: 10, complete: true },
    };
    const asked: string[] = [];
    const filled = await fillFunnel(funnel, async (q) => {
      asked.push(q);
      return counts[q]!;
    });
    expect(filled.steps.map((s) => [describeCount(s.alone), describeCount(s.cumulative)])).toEqual([
      ['50', '50'],
      ['1,000', '48'],
      ['300', '10'],
    ]);
    expect(stepChange(filled, 1)).toBe(-2);
    expect(asked).not.toContain('is hidden and id > 3');
    expect(asked.filter((q) => q === 'is hidden')).toHaveLength(1);
  });

  it('an or chain adds rows; past the limit it says "more than" and stops asking', async () => {
    const funnel = chainOf('id = 1 or id = 2 or id > 0');
    const asked: string[] = [];
    const filled = await fillFunnel(funnel, async (q) => {
      asked.push(q);
      if (q === 'id > 0' || q.includes('(id > 0)')) return { rows: 1000, complete: false };
      return { rows: q.includes(' or ') ? 2 : 1, complete: true };
    });
    expect(filled.steps.map((s) => describeCount(s.cumulative))).toEqual(['1', '2', 'more than 1,000']);
    expect(stepChange(filled, 1)).toBe(1);
    expect(stepChange(filled, 2)).toBeNull();
  });

  it('once an and chain is empty, later prefixes are not asked', async () => {
    const funnel = chainOf('id = -1 and is hidden and id > 3');
    const asked: string[] = [];
    await fillFunnel(funnel, async (q) => {
      asked.push(q);
      return { rows: q === 'id = -1' ? 0 : 5, complete: true };
    });
    expect(asked).toEqual(['id = -1', 'is hidden', 'id > 3']);
  });

  it('no chain at the top: a single comparison, not, or xor', () => {
    for (const text of ['id > 3', 'not (a = 1 and b = 2)', 'is hidden xor id > 3']) {
      expect(topLevelChain(analyze(text, 'strings').ast, text)).toBeNull();
    }
  });
});
