// What the user is editing, in one store: the query (its text and listing), the target picks and the
// template values. Whatever changes them goes through `actions`; a run, a link, a saved query or the draft
// reads them together as one setup (setup.ts `snapshot`).
import { useMemo } from 'react';
import { create } from 'zustand';
import { paramsForText, type ListingName, type ParamType, type TemplateParam } from '../croql/index.ts';
import type { ListingTarget } from '../wire/listings.ts';

/**
 * What a run is aimed at: the project, and the id the chosen listing needs (a target language for
 * translations, a TM for segments, a glossary for terms). Its path comes from `listingPath` in
 * src/wire/listings.ts.
 */
export type Target = ListingTarget;

export const NO_TARGET: Target = { projectId: null, languageId: null, tmId: null, glossaryId: null };

/** What `open` restores: a history entry, a saved query, a link, the draft. */
export interface OpenedQuery {
  text: string;
  listing: ListingName;
  target: Partial<Target>;
  params?: readonly TemplateParam[];
}

export interface WorkspaceState {
  text: string;
  /** The listing the query is written for; the editor's schema and the builder's fields follow it. */
  listing: ListingName;
  /**
   * Unsaved text a link replaced when the page opened. The editor starts its history from it, so one Undo
   * brings it back; it is taken (set to null) once the editor has it.
   */
  replacedText: string | null;
  /** What the user picked; the effective target (with the obvious defaults) is `useTarget` (target.ts). */
  target: Target;
  /** Every template parameter declared in this tab, by name (a placeholder removed and typed again keeps its value). */
  params: TemplateParam[];
  /** Set when Run was refused for missing or wrong values, so the parameters' form shows its messages. */
  runRefused: boolean;
  actions: {
    setText: (text: string) => void;
    setListing: (listing: ListingName) => void;
    /** Sets the text, keeping the text it replaces for the editor's Undo. */
    replaceText: (text: string) => void;
    /** The replaced text, once; null when there is none. */
    takeReplacedText: () => string | null;
    /** Choosing another project forgets its language (languages are per project). */
    setProject: (projectId: number | null) => void;
    setLanguage: (languageId: string | null) => void;
    setTm: (tmId: number | null) => void;
    setGlossary: (glossaryId: number | null) => void;
    setParamType: (name: string, type: ParamType) => void;
    setParamValue: (name: string, value: string) => void;
    /** Replaces these parameters' values (a link, a saved query, a history entry), keeping the others. */
    restoreParams: (params: readonly TemplateParam[]) => void;
    refuseRun: (refused: boolean) => void;
    /** Text, listing, target and values at once. */
    open: (query: OpenedQuery) => void;
    /** Back to an empty query, no picks and no values. */
    reset: () => void;
  };
}

const EMPTY = {
  text: '',
  listing: 'strings',
  replacedText: null,
  target: NO_TARGET,
  params: [],
  runRefused: false,
} satisfies Omit<WorkspaceState, 'actions'>;

/** `known` with these parameters' values replacing theirs. */
const withParams = (known: readonly TemplateParam[], params: readonly TemplateParam[]) => {
  const names = new Set(params.map((p) => p.name));
  return [...known.filter((p) => !names.has(p.name)), ...params];
};

export const useWorkspace = create<WorkspaceState>()((set, get) => {
  const updateParam = (name: string, patch: Partial<TemplateParam>) => {
    const { text, params } = get();
    const current = paramsForText(text, params).find((p) => p.name === name) ??
      params.find((p) => p.name === name) ?? { name, type: 'string' as const, value: '' };
    set({ params: withParams(params, [{ ...current, ...patch }]) });
  };
  const setTarget = (patch: Partial<Target>) => set({ target: { ...get().target, ...patch } });
  return {
    ...EMPTY,
    actions: {
      setText: (text) => set({ text }),
      setListing: (listing) => set({ listing }),
      replaceText: (text) =>
        set((s) => ({ text, replacedText: s.text !== text && s.text.trim() ? s.text : null })),
      takeReplacedText: () => {
        const replaced = get().replacedText;
        if (replaced !== null) set({ replacedText: null });
        return replaced;
      },
      setProject: (projectId) => {
        if (projectId !== get().target.projectId) setTarget({ projectId, languageId: null });
      },
      setLanguage: (languageId) => setTarget({ languageId }),
      setTm: (tmId) => setTarget({ tmId }),
      setGlossary: (glossaryId) => setTarget({ glossaryId }),
      setParamType: (name, type) => updateParam(name, { type }),
      setParamValue: (name, value) => updateParam(name, { value }),
      restoreParams: (params) => set({ params: withParams(get().params, params), runRefused: false }),
      refuseRun: (runRefused) => set({ runRefused }),
      open: ({ text, listing, target, params }) =>
        set({
          text,
          listing,
          target: { ...NO_TARGET, ...target },
          ...(params ? { params: withParams(get().params, params), runRefused: false } : {}),
        }),
      reset: () => set(EMPTY),
    },
  };
});

/** The current query's parameters (empty for a plain query). */
export function currentParams(): TemplateParam[] {
  const { text, params } = useWorkspace.getState();
  return paramsForText(text, params);
}

export const useText = () => useWorkspace((s) => s.text);
export const useListing = () => useWorkspace((s) => s.listing);
export const useTargetPicks = () => useWorkspace((s) => s.target);
export const useWorkspaceActions = () => useWorkspace((s) => s.actions);

/** The parameters of `text`, in order of use. */
export function useTemplateParams(text: string): TemplateParam[] {
  const known = useWorkspace((s) => s.params);
  return useMemo(() => paramsForText(text, known), [text, known]);
}

/**
 * What the editor knows of parameters: those of `text` first, then the others declared in this tab, so
 * completion after `{{` offers them all. The same parameters give the same array, so typing does not
 * reconfigure (and re-lint) the editor.
 */
export function useEditorTemplateParams(text: string): TemplateParam[] {
  const known = useWorkspace((s) => s.params);
  const key = useMemo(() => {
    const used = paramsForText(text, known);
    const names = new Set(used.map((p) => p.name));
    return JSON.stringify([...used, ...known.filter((p) => !names.has(p.name))]);
  }, [text, known]);
  return useMemo(() => JSON.parse(key) as TemplateParam[], [key]);
}
