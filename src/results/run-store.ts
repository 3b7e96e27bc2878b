import { create } from 'zustand';
import type { ContextName } from '../croql/types.ts';
import { useQueryStore } from '../query/store.ts';
import type { Target } from '../connection/target.ts';
import { useInspectorStore } from './inspector-store.ts';

/** One press of Run: exactly the text, listing and target the user saw at that moment. */
export interface RunRequest {
  text: string;
  context: ContextName;
  target: Target;
  /** Distinguishes two runs of the same query (pressing Run again re-fetches). */
  nonce: number;
  startedAt: number;
}

interface RunState {
  current: RunRequest | null;
  actions: {
    /** Snapshot the query store with the effective target (useTarget) and start a run. */
    run: (target: Target) => void;
    clear: () => void;
  };
}

let nonce = 0;

export const useRunStore = create<RunState>()((set) => ({
  current: null,
  actions: {
    run: (target) => {
      const { text, context } = useQueryStore.getState();
      // The inspector lists the requests of this run only.
      useInspectorStore.getState().actions.clear();
      set({ current: { text, context, target, nonce: ++nonce, startedAt: Date.now() } });
    },
    clear: () => set({ current: null }),
  },
}));

export const useCurrentRun = () => useRunStore((s) => s.current);
export const useRunActions = () => useRunStore((s) => s.actions);
