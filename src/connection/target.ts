import { create } from 'zustand';
import type { ContextName } from '../croql/types.ts';

/**
 * What a run is aimed at: the project, and the id the chosen listing needs (a target language for
 * translations, a TM for segments, a glossary for terms). The listing itself is `context` in the query store.
 */
export interface Target {
  projectId: number | null;
  languageId: string | null;
  tmId: number | null;
  glossaryId: number | null;
}

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

/** The listing endpoint of a context and target, or a sentence saying what to pick first. */
export function listingPath(
  context: ContextName,
  target: Target,
): { ok: true; path: string } | { ok: false; missing: string } {
  switch (context) {
    case 'strings':
      return target.projectId == null
        ? { ok: false, missing: 'Pick a project to run the query.' }
        : { ok: true, path: `/projects/${target.projectId}/strings` };
    case 'translations':
      if (target.projectId == null) return { ok: false, missing: 'Pick a project to run the query.' };
      if (!target.languageId)
        return { ok: false, missing: 'Pick a target language to list its translations.' };
      return {
        ok: true,
        path: `/projects/${target.projectId}/languages/${encodeURIComponent(target.languageId)}/translations`,
      };
    case 'tmSegments':
      return target.tmId == null
        ? { ok: false, missing: 'Pick a translation memory to list its segments.' }
        : { ok: true, path: `/tms/${target.tmId}/segments` };
    case 'glossaryTerms':
      return target.glossaryId == null
        ? { ok: false, missing: 'Pick a glossary to list its terms.' }
        : { ok: true, path: `/glossaries/${target.glossaryId}/terms` };
  }
}
