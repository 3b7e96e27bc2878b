import { useMemo } from 'react';
import { create } from 'zustand';
import type { Row } from '../rows/rows.ts';
import type { TableFilterSpec } from '../slots/results.ts';

/**
 * A filter of the loaded rows (set by a view beside the table through `filterTable`), for run `nonce`: a
 * new run drops it.
 */
export interface TableFilter extends TableFilterSpec {
  nonce: number;
}

interface TableFilterState {
  filter: TableFilter | null;
  actions: { set: (filter: TableFilter) => void; clear: () => void };
}

export const useTableFilterStore = create<TableFilterState>()((set) => ({
  filter: null,
  actions: { set: (filter) => set({ filter }), clear: () => set({ filter: null }) },
}));

export const useTableFilterActions = () => useTableFilterStore((s) => s.actions);

/**
 * The table's order for run `nonce`: `order` (the sort, or null for loading order), keeping only the rows
 * the run's table filter keeps; `order` itself when there is no filter.
 */
export function useTableOrder(
  nonce: number | undefined,
  rows: readonly Row[],
  order: readonly number[] | null,
): { order: readonly number[] | null; filter: TableFilter | null } {
  const stored = useTableFilterStore((s) => s.filter);
  const filter = stored && stored.nonce === nonce ? stored : null;
  const kept = useMemo(() => {
    if (!filter) return order;
    const out: number[] = [];
    if (order) for (const i of order) if (filter.keep(rows[i]!)) out.push(i);
    if (!order) rows.forEach((row, i) => filter.keep(row) && out.push(i));
    return out;
  }, [filter, order, rows]);
  return { order: kept, filter };
}
