// The clause funnel: for a query whose top level is an `and` (or `or`) chain, how many rows each clause
// matches alone, and how many remain after it (or have been added by it). Pure over a `count` function
// that the app backs with Fetch all (cached per clause text and target).
import { combine, type Clause } from '../results/clauses.ts';

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
