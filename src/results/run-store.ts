import { create } from 'zustand';
import type { ContextName } from '../croql/types.ts';
import { useQueryStore } from '../query/store.ts';
import type { Target } from '../connection/target.ts';
import { useInspectorStore } from './inspector-store.ts';
import type { TemplateParam } from '../croql/index.ts';
import { queryToRun, useTemplateStore } from '../templates/store.ts';

/** One press of Run: exactly the text, listing and target the user saw at that moment. */
export interface RunRequest {
  /** The query as sent (a template's, with its parameters substituted). */
  text: string;
  /** For a template: its text and the values it ran with. */
  template?: { text: string; params: TemplateParam[] };
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
      const query = queryToRun(text);
      // A template runs only once every parameter has a valid value; its form then says what is missing.
      useTemplateStore.getState().actions.refuseRun(query === null);
      if (!query) return;
      // The inspector lists the requests of this run only.
      useInspectorStore.getState().actions.clear();
      set({ current: { ...query, context, target, nonce: ++nonce, startedAt: Date.now() } });
    },
    clear: () => set({ current: null }),
  },
}));

export const useCurrentRun = () => useRunStore((s) => s.current);
export const useRunActions = () => useRunStore((s) => s.actions);
