import { create } from 'zustand';
import type { ContextName } from '../croql/types.ts';

/**
 * The query the user is working on: the one text that the editor, the builder, permalinks and the
 * runner all read and write. Whatever changes it goes through `actions`.
 */
interface QueryState {
  text: string;
  /** The listing the query is written for; the editor's schema and the builder's fields follow it. */
  context: ContextName;
  actions: {
    setText: (text: string) => void;
    setContext: (context: ContextName) => void;
  };
}

export const useQueryStore = create<QueryState>()((set) => ({
  text: '',
  context: 'strings',
  actions: {
    setText: (text) => set({ text }),
    setContext: (context) => set({ context }),
  },
}));

export const useQueryText = () => useQueryStore((s) => s.text);
export const useQueryContext = () => useQueryStore((s) => s.context);
export const useQueryActions = () => useQueryStore((s) => s.actions);
