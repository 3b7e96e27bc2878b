import { create } from 'zustand';

/**
 * The languages matrix, while it is shown. It follows the query of each run, except the run a matrix
 * cell started (`keep`): that run's query is the cell's, and the matrix stays on the query it came from.
 */
export interface MatrixState {
  /** The query whose matrix a cell run keeps showing. */
  text: string;
  /** The run a cell started (its nonce), or null. */
  keep: number | null;
  /** The query whose cells the user stopped fetching (Cancel), or null. */
  cancelled: string | null;
}

interface InsightState {
  matrix: MatrixState | null;
  /** The last run whose remaining rows Insight had Fetch all load (once per run). */
  fetchedFor: number | null;
  actions: {
    fetchedRun: (nonce: number) => void;
    /** Shows the matrix (cells already cached are reused, the rest are fetched). */
    showMatrix: (text: string) => void;
    /** After a cell's run: keep showing the matrix of `text` for run `nonce`. */
    keepMatrix: (text: string, nonce: number) => void;
    /** Stops fetching the cells of `text`; the cells done so far stay. */
    cancelMatrix: (text: string) => void;
    /** Fetches the cells still missing after a Cancel. */
    resumeMatrix: () => void;
    closeMatrix: () => void;
  };
}

export const useInsightStore = create<InsightState>()((set) => ({
  matrix: null,
  fetchedFor: null,
  actions: {
    fetchedRun: (fetchedFor) => set({ fetchedFor }),
    showMatrix: (text) => set({ matrix: { text, keep: null, cancelled: null } }),
    keepMatrix: (text, nonce) => set({ matrix: { text, keep: nonce, cancelled: null } }),
    cancelMatrix: (text) => set((s) => ({ matrix: s.matrix && { ...s.matrix, cancelled: text } })),
    resumeMatrix: () => set((s) => ({ matrix: s.matrix && { ...s.matrix, cancelled: null } })),
    closeMatrix: () => set({ matrix: null }),
  },
}));

export const useInsightActions = () => useInsightStore((s) => s.actions);

/** The query the matrix shows for a run: the run's own, or the one a cell's run came from. */
export function matrixQuery(matrix: MatrixState, run: { text: string; nonce: number }): string {
  return matrix.keep === run.nonce ? matrix.text : run.text;
}
