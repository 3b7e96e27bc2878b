// Workflow steps on the emulator's control routes (`/__apps/…/steps…`): a step and its counts, adding one,
// sending it strings, retriggering, its strings; and its settings: the save and delete callbacks and the
// settings page (its bridge, `AP`, and messages: src/wire/ap-bridge.ts).
import type { StepPort } from './app-manifest.ts';
import type { AttemptInfo } from './apps-deliveries.ts';
import type { StepStatus, StringStatusRecord } from './string-status.ts';

/** Counts of a step's strings by language, then status. */
export type StepCounts = Record<string, Partial<Record<StepStatus, number>>>;

export interface StepInfo {
  id: number;
  projectId: number;
  appId: string;
  moduleKey: string;
  title: string;
  languages: string[];
  outputs: StepPort[];
  /** False once the app is uninstalled: the status API answers 404 for it. */
  active: boolean;
  createdAt: string;
  counts: StepCounts;
  /** The settings last saved for the step (the app took them), null before any. */
  settings: unknown;
  settingsSavedAt: string | null;
}

/** `POST /__apps/{appId}/steps`; answered with the StepInfo (201). */
export interface AddStepRequest {
  projectId: number;
  moduleKey: string;
  /** Target languages of the step; default all the project's. */
  languages?: string[];
  title?: string;
}

/** `POST /__apps/steps/{stepId}/send`: a CroQL query over the strings listing, or string ids. */
export interface SendRequest {
  croql?: string;
  stringIds?: number[];
  languages?: string[];
}

export interface SendResponse {
  stepId: number;
  /** Strings the query (or the id list) named. */
  strings: number;
  languages: string[];
  /** (string, language) pairs now NEED_PROCESS, each queued as one event. */
  needProcess: number;
  /** Pairs set INCOMPLETE instead (hidden strings are not routed to the step). */
  incomplete: number;
}

/** `POST /__apps/steps/{stepId}/retrigger`: FAILED → NEED_PROCESS, sent again. Default: every FAILED pair. */
export interface RetriggerRequest {
  stringIds?: number[];
  languages?: string[];
}

export interface RetriggerResponse {
  stepId: number;
  retriggered: number;
}

/** A string on a step as the control route lists it: its status record, and what the string is. */
export interface StepStringRow extends StringStatusRecord {
  identifier: string;
  /** The source text (a plural's forms joined by " | "). */
  text: string;
}

/** `GET /__apps/steps/{stepId}/strings?languageId&status&limit&offset` */
export interface StepStringsResponse {
  data: StepStringRow[];
  total: number;
  offset: number;
  limit: number;
}

// ---- step settings: the callbacks, the settings page and its bridge ----------------------------------

/** `POST /__apps/{appId}/steps/{stepId}/settings`: what Save sends to the step's `updateSettingsUrl`. */
export interface SaveSettingsRequest {
  /** The settings object, as the page gave it to `AP.formDataUpdated` (any JSON value). */
  settings: unknown;
}

/** The app took the settings (any 2xx without an `error` body); the step keeps them. */
export interface SaveSettingsResponse {
  stepId: number;
  settings: unknown;
  savedAt: string;
  /** The callback in the delivery log (kind `settings`). */
  deliveryId: number;
  answer: AttemptInfo;
}

/** `DELETE /__apps/{appId}/steps/{stepId}`: the step leaves the workflow; `deleteSettingsUrl` is told. */
export interface DeleteStepResponse {
  stepId: number;
  /** The DELETE sent to `deleteSettingsUrl` (kind `delete-settings`); null when the module has none. */
  deliveryId: number | null;
  answer: AttemptInfo | null;
  /** What went wrong with the callback, if anything; the step is deleted all the same. */
  problem: string | null;
}

/**
 * `GET /__apps/{appId}/steps/{stepId}/settings-page`: where the step's settings page (`url`) opens, as the
 * service opens it: `?jwtToken=…&origin=…&clientId=…`. The page loads the bridge from `{origin}{BRIDGE_PATH}`.
 */
export interface SettingsPageResponse {
  url: string;
  jwtToken: string;
  /** The emulator's origin, where the page finds the bridge. */
  origin: string;
  clientId: string;
  expiresAt: string;
  bridgeUrl: string;
  /** The only origins the bridge talks to: the playground's. Frame the page from one of them. */
  parentOrigins: string[];
  /** This opening in the delivery log (kind `settings-page`): the page's calls are listed under it. */
  deliveryId: number;
}
