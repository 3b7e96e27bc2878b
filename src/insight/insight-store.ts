import { create } from 'zustand';
import type { ContextName } from '../croql/index.ts';

/** A chart item CroQL cannot express, applied to the loaded rows of one run instead of the query. */
export interface LocalFilter {
  /** The run whose rows it filters (a new run drops it). */
  nonce: number;
  context: ContextName;
  chartId: string;
  key: string;
  /** "Segments by record language: de". */
  label: string;
  /** Why it is not a clause. */
  reason: string;
}

interface InsightState {
  /** The Insight view is shown beside the table. */
  open: boolean;
  /** The languages matrix: the query it is for (strings), and whether the user cancelled its fetching. */
  matrix: { text: string; cancelled: boolean } | null;
  localFilter: LocalFilter | null;
  actions: {
    setOpen: (open: boolean) => void;
    /** Shows the matrix of `text` (cells already cached are reused, the rest are fetched). */
    runMatrix: (text: string) => void;
    /** Stops fetching cells; the cells done so far stay. */
    cancelMatrix: () => void;
    closeMatrix: () => void;
    filterLocally: (filter: LocalFilter) => void;
    clearLocalFilter: () => void;
  };
}

export const useInsightStore = create<InsightState>()((set) => ({
  open: false,
  matrix: null,
  localFilter: null,
  actions: {
    setOpen: (open) => set({ open }),
    runMatrix: (text) => set({ matrix: { text, cancelled: false } }),
    cancelMatrix: () => set((s) => ({ matrix: s.matrix && { ...s.matrix, cancelled: true } })),
    closeMatrix: () => set({ matrix: null }),
    filterLocally: (localFilter) => set({ localFilter }),
    clearLocalFilter: () => set({ localFilter: null }),
  },
}));

export const useInsightActions = () => useInsightStore((s) => s.actions);
