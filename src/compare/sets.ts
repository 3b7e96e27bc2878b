// Two row sets of one target compared as sets, by row identity. Pure.
import type { Target } from '../workspace/store.ts';
import type { ContextName } from '../croql/types.ts';
import { indexRows, type Row } from './identity.ts';
import type { RowSet } from './row-set.ts';

export type SetComparison =
  | {
      kind: 'compared';
      onlyA: Row[];
      onlyB: Row[];
      /** The row as B returned it (the same resource as in A). */
      both: Row[];
      /** Rows that carry no identity (never expected from the service): counted, never matched. */
      unidentified: number;
    }
  /** A set reached the limit: no part could be told exactly, so none is given. */
  | { kind: 'tooLarge'; which: ('A' | 'B')[]; limit: number };

export function compareSets(
  context: ContextName,
  target: Pick<Target, 'languageId'>,
  a: RowSet,
  b: RowSet,
): SetComparison {
  const over = [...(a.complete ? [] : (['A'] as const)), ...(b.complete ? [] : (['B'] as const))];
  if (over.length) return { kind: 'tooLarge', which: over, limit: Math.min(a.limit, b.limit) };
  const left = indexRows(context, target, a.rows);
  const right = indexRows(context, target, b.rows);
  const onlyA: Row[] = [];
  const both: Row[] = [];
  for (const [id, row] of left.byId) {
    const other = right.byId.get(id);
    if (other) both.push(other);
    else onlyA.push(row);
  }
  const onlyB: Row[] = [];
  for (const [id, row] of right.byId) if (!left.byId.has(id)) onlyB.push(row);
  return { kind: 'compared', onlyA, onlyB, both, unidentified: left.unidentified + right.unidentified };
}
