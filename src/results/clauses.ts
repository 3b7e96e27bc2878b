// Splitting a query at its top-level `and`s, to say which condition empties a result. Pure, over the AST.
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
