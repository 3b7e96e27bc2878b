// Which clause empties the result: a query split at its top-level `and` (or `or`) chain, asked two ways.
// The empty-result explanation runs each clause (and growing prefixes) with limit=1 to name the clause
// that removes everything (findEmptyingClause); the clause funnel counts each clause alone and the rows
// that remain after it (fillFunnel). Pure, over the run's model and a function that asks the API.
import type { Expr } from '../croql/types.ts';

export interface Clause {
  from: number;
  to: number;
  text: string;
}

/**
 * The operands of the top-level `and` or `or` chain, in order, each with its text range; null when the
 * query's top level is neither (a single comparison, `not`, `xor`). Parentheses make no node, so a clause's
 * range is its inner expression's; a clause that was parenthesised keeps its meaning when run alone.
 */
export function topLevelChain(
  ast: Expr | null,
  text: string,
): { op: 'and' | 'or'; clauses: Clause[] } | null {
  if (!ast || ast.kind !== 'logical' || ast.op === 'xor') return null;
  const op = ast.op;
  const operands: Expr[] = [];
  const walk = (e: Expr) => {
    if (e.kind === 'logical' && e.op === op) e.operands.forEach(walk);
    else operands.push(e);
  };
  walk(ast);
  return { op, clauses: operands.map((e) => ({ from: e.from, to: e.to, text: text.slice(e.from, e.to) })) };
}

/**
 * The operands of the top-level `and` chain. A query that is not an `and` at the top (an `or`, a single
 * comparison) is one clause.
 */
export function topLevelAndClauses(ast: Expr | null, text: string): Clause[] {
  if (!ast) return [];
  const chain = topLevelChain(ast, text);
  return chain?.op === 'and'
    ? chain.clauses
    : [{ from: ast.from, to: ast.to, text: text.slice(ast.from, ast.to) }];
}

/** The first clauses joined by `op`, each parenthesised so precedence cannot change them. */
export function combine(clauses: readonly Clause[], op: 'and' | 'or'): string {
  return clauses.length === 1 ? clauses[0]!.text : clauses.map((c) => `(${c.text})`).join(` ${op} `);
}

/** The conjunction of the first `n` clauses, each parenthesised so precedence cannot change it. */
export function conjunction(clauses: readonly Clause[]): string {
  return combine(clauses, 'and');
}

export type EmptyVerdict =
  | { kind: 'single'; clause: Clause; index: number }
  | { kind: 'several'; clauses: Clause[] }
  | { kind: 'combination'; clause: Clause; index: number }
  | { kind: 'unknown' };

/**
 * Which clause removes everything: first each clause alone (limit=1); if none is empty alone, the growing
 * prefixes `c1`, `c1 and c2`, … find the clause whose addition empties the result.
 * `hasRows` runs a query with limit=1 and says whether it matched anything.
 */
export async function findEmptyingClause(
  clauses: readonly Clause[],
  hasRows: (query: string) => Promise<boolean>,
): Promise<EmptyVerdict> {
  if (clauses.length < 2) return { kind: 'unknown' };
  const alone = await Promise.all(clauses.map((c) => hasRows(c.text)));
  const empty = clauses.filter((_, i) => !alone[i]);
  if (empty.length === 1) return { kind: 'single', clause: empty[0]!, index: alone.indexOf(false) };
  if (empty.length > 1) return { kind: 'several', clauses: empty };
  for (let n = 2; n <= clauses.length; n++) {
    if (!(await hasRows(conjunction(clauses.slice(0, n))))) {
      return { kind: 'combination', clause: clauses[n - 1]!, index: n - 1 };
    }
  }
  return { kind: 'unknown' };
}

export function describeVerdict(verdict: EmptyVerdict): string {
  switch (verdict.kind) {
    case 'single':
      return `No rows: the condition \`${verdict.clause.text}\` matches nothing on its own; every other condition matches something.`;
    case 'several':
      return `No rows: each of these conditions matches nothing on its own: ${verdict.clauses.map((c) => `\`${c.text}\``).join(', ')}.`;
    case 'combination':
      return `No rows: every condition matches something alone, but adding \`${verdict.clause.text}\` to the ones before it leaves nothing.`;
    case 'unknown':
      return 'No rows match this query.';
  }
}

// The clause funnel

/** A row count; `complete: false` means more than `rows` (the count stopped at its limit). */
export interface Count {
  rows: number;
  complete: boolean;
}

export interface FunnelStep {
  clause: Clause;
  /** The query this clause alone is. */
  aloneQuery: string;
  /** The chain up to and including this clause. */
  cumulativeQuery: string;
  alone: Count | null;
  /** `and`: rows that remain after this clause; `or`: rows matched by this clause or one before it. */
  cumulative: Count | null;
}

export interface Funnel {
  op: 'and' | 'or';
  steps: FunnelStep[];
}

export function funnelOf(op: 'and' | 'or', clauses: readonly Clause[]): Funnel {
  return {
    op,
    steps: clauses.map((clause, i) => ({
      clause,
      aloneQuery: clause.text,
      cumulativeQuery: combine(clauses.slice(0, i + 1), op),
      alone: null,
      cumulative: null,
    })),
  };
}

/**
 * Fills in the counts, one query at a time (each is a Fetch all of its own), calling `onUpdate` after each.
 * Counts that follow from others are not asked: after an `and` chain reaches 0 every later prefix is 0; after
 * an `or` chain passes the limit every later prefix does too. The first prefix is the first clause alone.
 */
export async function fillFunnel(
  funnel: Funnel,
  count: (query: string) => Promise<Count>,
  onUpdate: (funnel: Funnel) => void = () => {},
): Promise<Funnel> {
  let current = funnel;
  const set = (i: number, patch: Partial<FunnelStep>) => {
    current = { ...current, steps: current.steps.map((s, k) => (k === i ? { ...s, ...patch } : s)) };
    onUpdate(current);
  };
  for (let i = 0; i < current.steps.length; i++) {
    const step = current.steps[i]!;
    const alone = await count(step.aloneQuery);
    set(i, { alone });
    const previous = i > 0 ? current.steps[i - 1]!.cumulative : null;
    let cumulative: Count;
    if (i === 0) cumulative = alone;
    else if (current.op === 'and' && previous && previous.complete && previous.rows === 0)
      cumulative = previous;
    else if (current.op === 'or' && previous && !previous.complete) cumulative = previous;
    else cumulative = await count(step.cumulativeQuery);
    set(i, { cumulative });
  }
  return current;
}

const number = (n: number) => n.toLocaleString('en-US');

/** "1,234", or "more than 100,000". */
export function describeCount(count: Count | null): string {
  if (!count) return '…';
  return count.complete ? number(count.rows) : `more than ${number(count.rows)}`;
}

/** Rows this step removed (`and`) or added (`or`), when both ends are exact. */
export function stepChange(funnel: Funnel, index: number): number | null {
  const step = funnel.steps[index]!;
  const before = index > 0 ? funnel.steps[index - 1]!.cumulative : null;
  if (!step.cumulative || !step.cumulative.complete) return null;
  if (index === 0) return null;
  if (!before || !before.complete) return null;
  return step.cumulative.rows - before.rows;
}
