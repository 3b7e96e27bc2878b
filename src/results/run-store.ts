import { create } from 'zustand';
import type { ContextName, Diagnostic } from '../croql/types.ts';
import { useQueryStore } from '../query/store.ts';
import { currentTarget, type Target } from '../connection/target.ts';

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
  /** Croql errors of the last run as the service reported them, at their range in `current.text`. */
  serverDiagnostics: Diagnostic[];
  actions: {
    /** Snapshot the query store and the target, and start a run. */
    run: () => void;
    setServerDiagnostics: (diagnostics: Diagnostic[]) => void;
    clear: () => void;
  };
}

let nonce = 0;

export const useRunStore = create<RunState>()((set) => ({
  current: null,
  serverDiagnostics: [],
  actions: {
    run: () => {
      const { text, context } = useQueryStore.getState();
      set({
        current: { text, context, target: currentTarget(), nonce: ++nonce, startedAt: Date.now() },
        serverDiagnostics: [],
      });
    },
    setServerDiagnostics: (serverDiagnostics) => set({ serverDiagnostics }),
    clear: () => set({ current: null, serverDiagnostics: [] }),
  },
}));

export const useCurrentRun = () => useRunStore((s) => s.current);
export const useServerDiagnostics = () => useRunStore((s) => s.serverDiagnostics);
export const useRunActions = () => useRunStore((s) => s.actions);
