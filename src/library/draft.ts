// The draft: the workspace kept in sessionStorage on every change, so the query survives a reload and the
// round trip to the sign-in page (this tab only; nothing secret in it). The text, listing and target are one
// entry; the template values another, so a value typed and then taken out of the text is still there when
// its placeholder comes back.
import { sanitizeParams, type ListingName, type TemplateParam } from '../croql/index.ts';
import { readStore, writeStore, type Reading, type StoreSpec } from '../ui/stored.ts';
import { isRecord } from '../wire/json.ts';
import { LISTING_NAMES } from '../wire/listings.ts';
import { describeValue, literal, object, problemText, string } from '../wire/shape.ts';
import { NO_TARGET, useWorkspace, type Target } from '../workspace/store.ts';

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

/** A draft's target: any field that is not of its type is left out (null), and said so. */
const TARGET_FIELDS = {
  projectId: 'number',
  languageId: 'string',
  tmId: 'number',
  glossaryId: 'number',
} as const;

/** The stored draft → a draft to open, and the target fields it had to leave out. Never throws. */
export function checkDraft(raw: unknown): Reading<Draft | null> {
  if (!isRecord(raw)) return { unreadable: `it is ${describeValue(raw)}, not a draft` };
  const problem = draftShape.problem(raw, '');
  if (problem) return { unreadable: problemText(problem, 'the draft') };
  const stored = isRecord(raw.target) ? raw.target : {};
  const dropped: string[] = [];
  const target = { ...NO_TARGET };
  for (const [key, type] of Object.entries(TARGET_FIELDS) as [keyof Target, string][]) {
    const value = stored[key];
    if (value === undefined || value === null) continue;
    if (typeof value === type) (target as Record<string, unknown>)[key] = value;
    else dropped.push(problemText({ path: `target.${key}`, expected: type, found: describeValue(value) }));
  }
  const draft = raw as { text: string; context: ListingName };
  return { value: { text: draft.text, context: draft.context, target }, dropped };
}

const draftShape = object<Draft>(
  'a draft (an object)',
  { text: string, context: literal(...LISTING_NAMES) },
  ['text', 'context'],
);

/** The stored template values → the well-formed ones, and how many were left out. Never throws. */
export function checkParams(raw: unknown): Reading<TemplateParam[]> {
  if (!Array.isArray(raw)) return { unreadable: `it is ${describeValue(raw)}, not a list of values` };
  const params = sanitizeParams(raw);
  const left = raw.length - params.length;
  return { value: params, dropped: left > 0 ? [`${left} of ${raw.length} could not be read`] : [] };
}

const UNKEPT =
  'It stays in the editor, but a reload or the sign-in page would lose it: copy the query, or save it in the Library.';

/** The draft in this tab's sessionStorage (src/ui/stored.ts: checked on read, a failed write a notice). */
const DRAFT_STORE: StoreSpec<Draft | null> = {
  area: 'session',
  key: DRAFT_KEY,
  label: 'The draft of your query',
  unsaved: UNKEPT,
  check: checkDraft,
  empty: () => null,
};
const PARAMS_STORE: StoreSpec<TemplateParam[]> = {
  area: 'session',
  key: PARAMS_KEY,
  label: 'The values of your template',
  unsaved: UNKEPT,
  check: checkParams,
  empty: () => [],
};

/**
 * The last draft of any tab, in localStorage: a new tab (whose sessionStorage is empty) opens on it instead
 * of an empty editor. A copy only, so a failed write says nothing: the tab's own draft is what is kept.
 */
const LAST_DRAFT_STORE: StoreSpec<Draft | null> = { ...DRAFT_STORE, area: 'local', key: 'croql.draft.last' };

/** Keeps `draft` (by default the workspace's) and the workspace's template values. */
export function saveDraft(draft: Draft = currentDraft()): void {
  writeStore(DRAFT_STORE, draft);
  writeStore(LAST_DRAFT_STORE, draft, { quiet: true });
  writeStore(PARAMS_STORE, useWorkspace.getState().params);
}

/** This tab's draft; with `orLast`, a tab that has none yet takes the last draft of any tab. */
export function readDraft({ orLast = false } = {}): Draft | null {
  return readStore(DRAFT_STORE) ?? (orLast ? readStore(LAST_DRAFT_STORE) : null);
}

export function applyDraft(draft: Draft): void {
  useWorkspace.getState().actions.open({ text: draft.text, listing: draft.context, target: draft.target });
}

/**
 * Puts the kept draft and template values back into the workspace; returns the draft, if there was one.
 * `orLast`: a new tab starts from the last draft of any tab (not when a link says what to open).
 */
export function restoreDraft({ orLast = false } = {}): Draft | null {
  const params = readStore(PARAMS_STORE);
  if (params.length) useWorkspace.getState().actions.restoreParams(params);
  const draft = readDraft({ orLast });
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
