import { useQueryStore } from '../query/store.ts';
import { currentTarget, useTargetStore, type Target } from '../connection/target.ts';
import type { ContextName } from '../croql/types.ts';
import { isListingName } from '../wire/listings.ts';

/**
 * The query being edited, kept in sessionStorage on every change so it survives a reload and the
 * round trip to the sign-in page (this tab only; nothing secret in it).
 */
export interface Draft {
  text: string;
  context: ContextName;
  target: Target;
}

const DRAFT_KEY = 'croql.draft';

export function currentDraft(): Draft {
  const { text, context } = useQueryStore.getState();
  return { text, context, target: currentTarget() };
}

export function saveDraft(draft: Draft = currentDraft()): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage full or unavailable: the draft then lives in memory only
  }
}

export function readDraft(): Draft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Draft>;
    if (
      typeof value.text !== 'string' ||
      typeof value.context !== 'string' ||
      !isListingName(value.context)
    ) {
      return null;
    }
    const t = (value.target ?? {}) as Partial<Target>;
    return {
      text: value.text,
      context: value.context,
      target: {
        projectId: typeof t.projectId === 'number' ? t.projectId : null,
        languageId: typeof t.languageId === 'string' ? t.languageId : null,
        tmId: typeof t.tmId === 'number' ? t.tmId : null,
        glossaryId: typeof t.glossaryId === 'number' ? t.glossaryId : null,
      },
    };
  } catch {
    return null;
  }
}

export function applyDraft(draft: Draft): void {
  const { actions } = useQueryStore.getState();
  actions.setContext(draft.context);
  actions.setText(draft.text);
  useTargetStore.getState().actions.restore(draft.target);
}

/** Saves the draft whenever the query or the target changes. Returns the unsubscribe function. */
export function autosaveDraft(): () => void {
  const save = () => saveDraft();
  const offQuery = useQueryStore.subscribe(save);
  const offTarget = useTargetStore.subscribe(save);
  return () => {
    offQuery();
    offTarget();
  };
}
