// Sorting the loaded rows by one column of the table, without moving them: an order of row indexes. Pure.
import type { Column } from '../rows/fields.ts';
import type { DisplayNames, Row } from '../rows/rows.ts';

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  key: string;
  direction: SortDirection;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Row indexes ordered by the column's shown value: numbers by value, text by a natural collation, empty
 * values last in either direction, ties in loading order (stable).
 */
export function sortOrder(
  rows: readonly Row[],
  column: Column,
  direction: SortDirection,
  names?: DisplayNames,
): number[] {
  const values = rows.map((row) => column.value(row, names));
  const sign = direction === 'ascending' ? 1 : -1;
  const order = rows.map((_, i) => i);
  order.sort((a, b) => {
    const va = values[a]!;
    const vb = values[b]!;
    if (va === '' || vb === '') return va === vb ? a - b : va === '' ? 1 : -1;
    return sign * collator.compare(va, vb) || a - b;
  });
  return order;
}

/** The next state when a header is activated: ascending, then descending, then back to loading order. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (current?.key !== key) return { key, direction: 'ascending' };
  return current.direction === 'ascending' ? { key, direction: 'descending' } : null;
}
