// The draft: the workspace kept in sessionStorage on every change, so the query survives a reload and the
// round trip to the sign-in page (this tab only; nothing secret in it). The text, listing and target are one
// entry; the template values another, so a value typed and then taken out of the text is still there when
// its placeholder comes back.
import { sanitizeParams, type ListingName, type TemplateParam } from '../croql/index.ts';
import { isListingName } from '../wire/listings.ts';
import { useWorkspace, type Target } from '../workspace/store.ts';

export interface Draft {
  text: string;
  context: ListingName;
  target: Target;
}

const DRAFT_KEY = 'croql.draft';
const PARAMS_KEY = 'croql.template.v1';

export function currentDraft(): Draft {
  const { text, listing, target } = useWorkspace.getState();
  return { text, context: listing, target };
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or unavailable: the draft then lives in memory only
  }
}

/** Keeps `draft` (by default the workspace's) and the workspace's template values. */
export function saveDraft(draft: Draft = currentDraft()): void {
  write(DRAFT_KEY, draft);
  write(PARAMS_KEY, useWorkspace.getState().params);
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

function readParams(): TemplateParam[] {
  try {
    return sanitizeParams(JSON.parse(sessionStorage.getItem(PARAMS_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

export function applyDraft(draft: Draft): void {
  useWorkspace.getState().actions.open({ text: draft.text, listing: draft.context, target: draft.target });
}

/** Puts the kept draft and template values back into the workspace; returns the draft, if there was one. */
export function restoreDraft(): Draft | null {
  const params = readParams();
  if (params.length) useWorkspace.getState().actions.restoreParams(params);
  const draft = readDraft();
  if (draft) applyDraft(draft);
  return draft;
}

/** Saves the draft whenever the workspace changes. Returns the unsubscribe function. */
export function autosaveDraft(): () => void {
  return useWorkspace.subscribe((state, previous) => {
    const changed =
      state.text !== previous.text ||
      state.listing !== previous.listing ||
      state.target !== previous.target ||
      state.params !== previous.params;
    if (changed) saveDraft();
  });
}
