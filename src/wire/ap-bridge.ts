// The bridge (`AP`) between an app's page and the page that frames it, as the emulator plays it: the script
// the emulator serves at BRIDGE_PATH (src/server/emulator/apps/bridge.ts) in the app's page, and the
// playground's Apps view (a settings page, src/apps/SettingsPanel.tsx; the editor stand-in, src/standin/)
// as the parent. Crowdin documents the `AP` calls an app makes (crowdin/docs
// developer/crowdin-apps/apps-js.mdx) but not the postMessage protocol under them: the messages here are the
// emulator's own. Where the docs leave a behaviour open, the choice is written beside it and in the README
// ("Develop a Crowdin app against the emulator", the editor stand-in).
import { isRecord } from './json.ts';

/** Where the emulator serves the bridge (`AP`), under the `origin` a page is given. */
export const BRIDGE_PATH = '/apps/dist/iframe.js';

/**
 * Every message carries `protocol` and `version`; the bridge only listens to its parent window on one of
 * `parentOrigins`, and only posts to those origins.
 */
export const BRIDGE_PROTOCOL = 'croql-apps-bridge';
export const BRIDGE_VERSION = 1;

interface BridgeEnvelope {
  protocol: typeof BRIDGE_PROTOCOL;
  version: typeof BRIDGE_VERSION;
}

// ---- the editor's calls (`AP.editor.*`) ----------------------------------------------------------------

/**
 * The `AP.editor` calls the bridge passes to the parent: each is posted as a `call` with its arguments, and
 * those with a callback get the parent's `answer`. Crowdin's signatures (apps-js.mdx, "Editor Actions").
 */
export const EDITOR_CALLS = {
  /** `getString(callback)` → StringData | null (the active string). */
  getString: 'answer',
  /** `getCroqlFilter(callback)` → the CroQL of the active CroQL filter, or null. */
  getCroqlFilter: 'answer',
  /** `setCroqlFilter(croql)`. */
  setCroqlFilter: 'none',
  /** `resetCroqlFilter()`. */
  resetCroqlFilter: 'none',
  /** `getCustomFilter(callback)` → CustomFilter | null (the active Advanced Filter). */
  getCustomFilter: 'answer',
  /** `setCustomFilter(customFilter)`. */
  setCustomFilter: 'none',
  /** `resetCustomFilter()`. */
  resetCustomFilter: 'none',
  /** `getFiltersList(callback)` → FilterListItem[]. */
  getFiltersList: 'answer',
  /** `getFilter(callback)` → the basic filter's number. */
  getFilter: 'answer',
  /** `setFilter(filterNumber)`. */
  setFilter: 'none',
  /** `getWorkflowStepStatusFilter(callback)` → `ALL` | `ToDo` | `Pending` | `Done`. */
  getWorkflowStepStatusFilter: 'answer',
  /** `setWorkflowStepStatusFilter(status)`: `ALL` | `TODO` | `PENDING` | `DONE`. */
  setWorkflowStepStatusFilter: 'none',
  /** `getProjectTargetLanguages(callback)` → EditorLanguage[]. */
  getProjectTargetLanguages: 'answer',
  /** `setTargetLanguage(languageIds, [callback])`: the callback hears an error message, or null. */
  setTargetLanguage: 'optional',
} as const satisfies Record<string, 'answer' | 'none' | 'optional'>;

export type EditorCall = keyof typeof EDITOR_CALLS;
export const EDITOR_CALL_NAMES = Object.keys(EDITOR_CALLS) as EditorCall[];

/** The basic filters apps-js.mdx lists ("Common Filter IDs"); 12 is the Advanced Filter. */
export const EDITOR_FILTERS = [
  { name: 'All, Untranslated First', value: 0 },
  { name: 'Untranslated', value: 2 },
  { name: 'Show All', value: 3 },
  { name: 'Approved', value: 4 },
  { name: 'Translated, Not Approved', value: 5 },
  { name: 'With Comments', value: 7 },
  { name: 'Translated by TM or MT', value: 10 },
  { name: 'Advanced Filter', value: 12 },
  { name: 'Translated by TM', value: 30 },
  { name: 'Translated by MT', value: 31 },
] as const;
export const ADVANCED_FILTER = 12;

/** `setWorkflowStepStatusFilter` takes these; `getWorkflowStepStatusFilter` answers them as the docs spell them. */
export const STEP_STATUS_FILTERS = ['ALL', 'TODO', 'PENDING', 'DONE'] as const;
export type StepStatusFilter = (typeof STEP_STATUS_FILTERS)[number];
export const STEP_STATUS_ANSWERS: Record<StepStatusFilter, string> = {
  ALL: 'ALL',
  TODO: 'ToDo',
  PENDING: 'Pending',
  DONE: 'Done',
};

/**
 * The Editor's Advanced Filter as an object (apps-js.mdx, `AP.editor.setCustomFilter`, "Full Payload
 * Reference"). Every key is optional when set; `getCustomFilter` answers the full object.
 */
export interface CustomFilter {
  added_from: string;
  added_to: string;
  updated_from: string;
  updated_to: string;
  /** `translated` | `untranslated` | ``. */
  translations: string;
  duplicates: string;
  tm_and_mt: string;
  pre_translation: string;
  approvals: string;
  /** `have_comments` | `no_comments` | ``. */
  comments: string;
  screenshots: string;
  visibility: string;
  qa_issues: string;
  labels: number[];
  /** `any` | `all`. */
  label_match_rule: string;
  exclude_labels: number[];
  exclude_label_match_rule: string;
  string_type: string;
  votes: string;
  votes_count: number | null;
  approvals_count_select: string;
  approvals_count: number | null;
  translated_by_user: string;
  not_translated_by_user: string;
  approved_by_user: string;
  not_approved_by_user: string;
  sort_method: number;
  sort_ascending: number;
  croql_expression: string;
  ai_query: string;
}

/** The Advanced Filter's default (empty) state: `resetCustomFilter` returns to it. */
export const EMPTY_CUSTOM_FILTER: Readonly<CustomFilter> = {
  added_from: '',
  added_to: '',
  updated_from: '',
  updated_to: '',
  translations: '',
  duplicates: '',
  tm_and_mt: '',
  pre_translation: '',
  approvals: '',
  comments: '',
  screenshots: '',
  visibility: '',
  qa_issues: '',
  labels: [],
  label_match_rule: 'any',
  exclude_labels: [],
  exclude_label_match_rule: 'all',
  string_type: '',
  votes: '',
  votes_count: null,
  approvals_count_select: '',
  approvals_count: null,
  translated_by_user: '',
  not_translated_by_user: '',
  approved_by_user: '',
  not_approved_by_user: '',
  sort_method: 0,
  sort_ascending: 1,
  croql_expression: '',
  ai_query: '',
};

/** `AP.editor.getString` and the `string.change` event (apps-js.mdx, StringDataObject). */
export interface StringData {
  id: number;
  identifier: string;
  text: string;
  context: string | null;
  max_length: number;
  file: { id: number; name: string } | null;
}

/** `AP.editor.getProjectTargetLanguages` (LanguageObject). */
export interface EditorLanguage {
  id: string;
  name: string;
  code: string;
  internal_code: string;
  preferred: boolean;
}

/** `translation.added` (apps-js.mdx, TranslationObject). */
export interface TranslationData {
  id: number;
  string_id: number;
  text: string;
  target_language_id: string;
  votes_rating: number;
  approved: boolean;
  author: { id: string; login: string };
  created_at: string;
}

/** The events the parent sends (apps-js.mdx, "Supported Events"); `theme.changed` comes from `theme`. */
export const EDITOR_EVENTS = [
  'string.change',
  'language.change',
  'file.change',
  'translation.added',
] as const;
export type EditorEvent = (typeof EDITOR_EVENTS)[number];

/**
 * `AP.getJwtToken` asks the parent for a fresh token when the one it holds has less than this left (the
 * emulator's tokens live 15 minutes: src/server/emulator/apps/app-jwt.ts).
 */
export const TOKEN_REFRESH_MARGIN_SECONDS = 120;
/** How long the bridge waits for the parent's fresh token before answering with what it holds. */
export const TOKEN_WAIT_MS = 10_000;

// ---- the messages --------------------------------------------------------------------------------------

/** From the page's bridge to the parent. */
export type BridgeMessage = BridgeEnvelope &
  (
    | { type: 'ready'; href: string }
    /** The page called `AP.formDataUpdated(data)`; `data` is null with a `problem` when it is not JSON. */
    | { type: 'formDataUpdated'; data: unknown; problem: string | null }
    /**
     * The answer to `validate`: `valid` is what `window.formRef.validateForm()` returned, false with the
     * reason in `problem` when it is missing, throws or returns a non-boolean, or the form data is not
     * JSON. `data` is `window.currentFormData` (else what the page last gave `AP.formDataUpdated`): what
     * Save sends when `valid`.
     */
    | { type: 'validated'; requestId: string; valid: boolean; data: unknown; problem: string | null }
    /** The page's content height in CSS pixels, at load and whenever it changes: the parent sizes the frame. */
    | { type: 'height'; height: number }
    /**
     * The page called `AP.editor[method](...args)` (callbacks left out). A call that takes a callback has a
     * `requestId`, and the parent answers it with `answer`.
     */
    | { type: 'call'; method: EditorCall; args: unknown[]; requestId: string | null }
    /** `AP.getJwtToken` found the token about to expire: the parent opens the module again for a new one. */
    | { type: 'tokenRequest'; requestId: string }
    /**
     * The page called `AP.redirect(path, queryParams)` (apps-js.mdx, "Navigation"): the parent goes to that
     * page of Crowdin. `queryParams`' values as strings (the address's search parameters).
     */
    | { type: 'redirect'; path: string; queryParams: Record<string, string> }
  );

/** The parent's theme, which the page reads with `AP.getTheme` (Crowdin's apps-js: "light" or "dark"). */
export type BridgeTheme = 'light' | 'dark';

/**
 * From the parent to the bridge: `hello` asks for `ready` again (a parent that started listening late),
 * Save sends `validate` to have the page check its form first, `theme` says the parent's theme (at `ready`
 * and at each change), `answer` answers a `call`, `token` a `tokenRequest` (null: none to give, with the
 * reason), `context` is what `AP.getContext` answers from then on (the editor's language and file change
 * after the page opened), and `event` fires `AP.events` listeners.
 */
export type BridgeRequest = BridgeEnvelope &
  (
    | { type: 'hello' }
    | { type: 'validate'; requestId: string }
    | { type: 'theme'; theme: BridgeTheme }
    | { type: 'answer'; requestId: string; value: unknown }
    | { type: 'token'; requestId: string; jwtToken: string | null; problem: string | null }
    | { type: 'context'; context: Record<string, unknown> }
    | { type: 'event'; name: EditorEvent; data: unknown }
  );

/** A message without its envelope, as a sender writes it. */
export type Unwrapped<M> = M extends unknown ? Omit<M, 'protocol' | 'version'> : never;

/** `data` as a bridge message or request of this protocol's version, or null for anything else. */
export function readBridgeData<M extends BridgeMessage | BridgeRequest>(data: unknown): M | null {
  if (!isRecord(data) || data.protocol !== BRIDGE_PROTOCOL || data.version !== BRIDGE_VERSION) return null;
  return typeof data.type === 'string' ? (data as unknown as M) : null;
}

/** The message with its envelope. */
export function wrapBridge<M extends BridgeMessage | BridgeRequest>(message: Unwrapped<M>): M {
  return { protocol: BRIDGE_PROTOCOL, version: BRIDGE_VERSION, ...message } as M;
}
