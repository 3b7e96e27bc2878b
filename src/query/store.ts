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
  /**
   * Unsaved text a link replaced when the page opened. The editor starts its history from it, so one Undo
   * brings it back; it is taken (set to null) once the editor has it.
   */
  replacedText: string | null;
  actions: {
    setText: (text: string) => void;
    setContext: (context: ContextName) => void;
    /** Sets the text, keeping the text it replaces for the editor's Undo. */
    replaceText: (text: string) => void;
    /** The replaced text, once; null when there is none. */
    takeReplacedText: () => string | null;
  };
}

export const useQueryStore = create<QueryState>()((set, get) => ({
  text: '',
  context: 'strings',
  replacedText: null,
  actions: {
    setText: (text) => set({ text }),
    setContext: (context) => set({ context }),
    replaceText: (text) =>
      set((s) => ({ text, replacedText: s.text !== text && s.text.trim() ? s.text : null })),
    takeReplacedText: () => {
      const replaced = get().replacedText;
      if (replaced !== null) set({ replacedText: null });
      return replaced;
    },
  },
}));

export const useQueryText = () => useQueryStore((s) => s.text);
export const useQueryContext = () => useQueryStore((s) => s.context);
export const useQueryActions = () => useQueryStore((s) => s.actions);
