import { create } from 'zustand';
import type { ListingTarget } from '../wire/listings.ts';

/**
 * What a run is aimed at: the project, and the id the chosen listing needs (a target language for
 * translations, a TM for segments, a glossary for terms). The listing itself is `context` in the query store;
 * its path comes from `listingPath` in src/wire/listings.ts.
 */
export type Target = ListingTarget;

interface TargetState extends Target {
  actions: {
    /** Choosing another project forgets its language (languages are per project). */
    setProject: (projectId: number | null) => void;
    setLanguage: (languageId: string | null) => void;
    setTm: (tmId: number | null) => void;
    setGlossary: (glossaryId: number | null) => void;
    /** Replace everything at once (permalinks, restored drafts, saved queries). */
    restore: (target: Partial<Target>) => void;
    reset: () => void;
  };
}

const EMPTY: Target = { projectId: null, languageId: null, tmId: null, glossaryId: null };

export const useTargetStore = create<TargetState>()((set, get) => ({
  ...EMPTY,
  actions: {
    setProject: (projectId) => {
      if (projectId === get().projectId) return;
      set({ projectId, languageId: null });
    },
    setLanguage: (languageId) => set({ languageId }),
    setTm: (tmId) => set({ tmId }),
    setGlossary: (glossaryId) => set({ glossaryId }),
    restore: (target) => set({ ...EMPTY, ...target }),
    reset: () => set(EMPTY),
  },
}));

export const useTargetActions = () => useTargetStore((s) => s.actions);

export function currentTarget(): Target {
  const { projectId, languageId, tmId, glossaryId } = useTargetStore.getState();
  return { projectId, languageId, tmId, glossaryId };
}
