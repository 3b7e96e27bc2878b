import { describe, expect, it } from 'vitest';
import { analyze } from '../croql/index.ts';
import type { Expr } from '../croql/types.ts';
import {
  conjunction,
  describeCount,
  fillFunnel,
  findEmptyingClause,
  funnelOf,
  stepChange,
  topLevelAndClauses,
  topLevelChain,
  type Count,
} from './clauses.ts';

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
    // Each query once, in order; the first clause alone is also the first prefix, so it is asked once.
    expect(asked).toEqual([
      'is hidden',
      'id > 3',
      '(is hidden) and (id > 3)',
      'text contains "a" or id = 1',
      '(is hidden) and (id > 3) and (text contains "a" or id = 1)',
    ]);
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

// A hand-built AST of `a = 1 and (b or c) and d` (parentheses make no node).
const text = 'a = 1 and (b or c) and d';
const id = (name: string, from: number): Expr => ({
  kind: 'identifier',
  name,
  raw: name,
  from,
  to: from + 1,
});
const ast: Expr = {
  kind: 'logical',
  op: 'and',
  from: 0,
  to: 24,
  opSpans: [
    { from: 6, to: 9 },
    { from: 19, to: 22 },
  ],
  operands: [
    {
      kind: 'comparison',
      op: '=',
      from: 0,
      to: 5,
      opSpan: { from: 2, to: 3 },
      left: id('a', 0),
      right: { kind: 'number', value: 1, isInteger: true, raw: '1', from: 4, to: 5 },
    },
    {
      kind: 'logical',
      op: 'or',
      from: 11,
      to: 17,
      opSpans: [{ from: 13, to: 15 }],
      operands: [id('b', 11), id('c', 16)],
    },
    id('d', 23),
  ],
};

describe('top-level and clauses', () => {
  it('splits the and-chain, not the or inside parentheses', () => {
    expect(topLevelAndClauses(ast, text).map((c) => c.text)).toEqual(['a = 1', 'b or c', 'd']);
  });

  it('is one clause for a query that is not an and', () => {
    expect(topLevelAndClauses(id('d', 0), 'd').map((c) => c.text)).toEqual(['d']);
    expect(topLevelAndClauses(null, '')).toEqual([]);
  });

  it('re-joins clauses with parentheses so precedence holds', () => {
    expect(conjunction(topLevelAndClauses(ast, text))).toBe('(a = 1) and (b or c) and (d)');
  });

  it('names the one clause that matches nothing alone', async () => {
    const clauses = topLevelAndClauses(ast, text);
    const verdict = await findEmptyingClause(clauses, async (q) => q !== 'b or c');
    expect(verdict).toMatchObject({ kind: 'single', clause: { text: 'b or c' } });
  });

  it('finds the clause whose addition empties the result when each matches alone', async () => {
    const clauses = topLevelAndClauses(ast, text);
    const asked: string[] = [];
    const verdict = await findEmptyingClause(clauses, async (q) => {
      asked.push(q);
      return !q.includes('(d)');
    });
    expect(verdict).toMatchObject({ kind: 'combination', clause: { text: 'd' } });
    expect(asked).toContain('(a = 1) and (b or c)');
  });
});

describe('clauses of a parsed query', () => {
  it('splits what analyze() parses, keeping a parenthesised or-group whole', async () => {
    const { analyze } = await import('../croql/index.ts');
    const text = 'is hidden and (not is duplicate or text contains "a") and max length > 3';
    const clauses = topLevelAndClauses(analyze(text, 'strings').ast, text);
    expect(clauses.map((c) => c.text)).toEqual([
      'is hidden',
      'not is duplicate or text contains "a"',
      'max length > 3',
    ]);
    // Each clause is a query of its own.
    for (const c of clauses) expect(analyze(c.text, 'strings').diagnostics).toEqual([]);
  });
});
