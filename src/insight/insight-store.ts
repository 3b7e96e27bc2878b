import { create } from 'zustand';

interface InsightState {
  /** The Insight view is shown beside the table. */
  open: boolean;
  /** The languages matrix: the query it is for (strings), and whether the user cancelled its fetching. */
  matrix: { text: string; cancelled: boolean } | null;
  actions: {
    setOpen: (open: boolean) => void;
    /** Shows the matrix of `text` (cells already cached are reused, the rest are fetched). */
    runMatrix: (text: string) => void;
    /** Stops fetching cells; the cells done so far stay. */
    cancelMatrix: () => void;
    closeMatrix: () => void;
  };
}

export const useInsightStore = create<InsightState>()((set) => ({
  open: false,
  matrix: null,
  actions: {
    setOpen: (open) => set({ open }),
    runMatrix: (text) => set({ matrix: { text, cancelled: false } }),
    cancelMatrix: () => set((s) => ({ matrix: s.matrix && { ...s.matrix, cancelled: true } })),
    closeMatrix: () => set({ matrix: null }),
  },
}));

export const useInsightActions = () => useInsightStore((s) => s.actions);
