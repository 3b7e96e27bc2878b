import { useMemo } from 'react';
import { create } from 'zustand';
import type { Row } from '../rows/rows.ts';

/**
 * A filter of the loaded rows, applied in the browser, for what the query cannot say (set by a feature
 * beside the table, such as Insight's items CroQL cannot express). It belongs to one run: a new run drops it.
 */
export interface TableFilter {
  nonce: number;
  /** What it keeps, for the notice above the table: "Segments by record language: de". */
  label: string;
  /** Why it is not part of the query. */
  reason: string;
  keep: (row: Row) => boolean;
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
