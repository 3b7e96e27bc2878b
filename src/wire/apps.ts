// What the emulator's app-hosting control routes (`/__apps…`) and the string-status API send and take. The
// emulator writes these shapes (src/server/emulator/apps/) and the playground's Apps view reads them; both
// import them from here. Names on the service's own wire (the status API, webhook headers) are Crowdin's.
import type { ModuleAccessCategory, UiModuleInfo } from './app-modules.ts';
import type { DeliveryFaultNote } from './faults.ts';
import type { DeliveryKind, DeliveryState } from './delivery-kinds.ts';

/** A string's status on a custom workflow step, per language (the docs' workflow-step-type page). */
export type StepStatus = 'NEED_PROCESS' | 'TODO' | 'DONE' | 'FAILED' | 'INCOMPLETE';
export const STEP_STATUSES: readonly StepStatus[] = ['NEED_PROCESS', 'TODO', 'DONE', 'FAILED', 'INCOMPLETE'];

/** One record of the string-status API (`…/workflow-steps/{stepId}/languages/{languageId}/status`). */
export interface StringStatusRecord {
  stringId: number;
  languageId: string;
  stepId: number;
  status: StepStatus;
  /** The output port the app chose; `""` until it chose one. */
  output: string;
}

/** The status API's answer to GET and PATCH, as the docs show it: no pagination object. */
export interface StringStatusBody {
  data: { data: StringStatusRecord }[];
}

/** One JSON Patch operation of the status API's PATCH body. */
export interface StatusPatchOp {
  op: 'replace';
  /** `/{stringId}/output` */
  path: string;
  /** A declared output port, or `""` (TODO). */
  value: string;
}

/** Headers of every webhook delivery, with the service's names. */
export const WEBHOOK_HEADERS = {
  signature: 'X-Crowdin-Signature',
  id: 'X-Crowdin-Id',
  domain: 'X-Crowdin-Domain',
  moduleKey: 'X-Module-Key',
  userAgent: 'Crowdin-Webhook',
} as const;

/** How long fetching a manifest may take (the emulator's choice; the view says it while an install runs). */
export const MANIFEST_TIMEOUT_SECONDS = 10;

// The manifest's shapes (validation, module entries, documented events): src/wire/app-manifest.ts.
export type {
  ManifestProblem,
  ModuleInfo,
  Severity,
  StepPort,
  StepTypeInfo,
  ValidationReport,
  WebhookModuleInfo,
} from './app-manifest.ts';
export { DOCUMENTED_EVENTS, STEP_EVENT } from './app-manifest.ts';
import type {
  ManifestProblem,
  ModuleInfo,
  Severity,
  StepPort,
  StepTypeInfo,
  WebhookModuleInfo,
} from './app-manifest.ts';

// ---- apps, clients, installations ---------------------------------------------------------------------

/** Something that went wrong (or will not work) with an installed app, shown beside it. */
export interface AppProblem {
  at: string;
  severity: Severity;
  code: string;
  message: string;
  deliveryId?: number;
}

/** An OAuth app registered with the emulator, as the service's settings page shows one after creation. */
export interface OAuthAppInfo {
  clientId: string;
  clientSecret: string;
  name: string;
  scopes: string[];
}

export interface CreateClientRequest {
  name: string;
  /** Space-separated, or a list: the service's scope names. */
  scopes: string | string[];
}

export interface CreateClientResponse {
  clientId: string;
  clientSecret: string;
}

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

export interface AgentInfo {
  id: number;
  username: string;
  name: string;
  avatarUrl: string;
}

export type AuthenticationType = 'none' | 'crowdin_app' | 'crowdin_agent';

export interface AppInfo {
  appId: string;
  name: string;
  manifestUrl: string;
  baseUrl: string;
  authenticationType: AuthenticationType;
  clientId: string | null;
  appSecret: string;
  installedAt: string;
  installedBy: { id: number; username: string };
  /** The projects the app may reach: `all`, or the ids chosen at install. */
  projects: number[] | 'all';
  agent: AgentInfo | null;
  /** The scopes its tokens carry: the manifest's, within the OAuth app's. */
  scopes: string[];
  modules: ModuleInfo[];
  webhooks: WebhookModuleInfo[];
  stepTypes: StepTypeInfo[];
  /** Its UI modules (project menu, editor panels, …), each with who may open it. */
  uiModules: UiModuleInfo[];
  steps: StepInfo[];
  problems: AppProblem[];
  /** The manifest's validation warnings. */
  warnings: ManifestProblem[];
}

/** The emulator's choices where the service is silent, and its edition; all set by command-line flags. */
export interface AppsSettings {
  /**
   * When this run of the emulator started. It keeps apps, OAuth apps and the log in memory: another value
   * than before means they are gone, and ids (deliveries, steps) count again from the start.
   */
  startedAt: string;
  edition: 'crowdin' | 'crowdin-enterprise';
  organization: string | null;
  organizationId: number;
  /** Step events are batched per installation and webhook module this long (the service: once a minute). */
  batchIntervalSeconds: number;
  /** A batch is sent early when it holds this many events. */
  batchMaxEvents: number;
  /** How long a webhook delivery waits for the app's answer. */
  webhookTimeoutSeconds: number;
  /** How long the installed (and uninstall) event waits for the app's answer. */
  installTimeoutSeconds: number;
  /** How long a file-processing module call waits for the answer (the service: 2 minutes). */
  moduleTimeoutSeconds: number;
  /** Seconds before each retry of a failed delivery; its length is the number of retries. */
  retryScheduleSeconds: number[];
  /** Call apps on other hosts than this machine's loopback addresses. */
  allowRemoteApps: boolean;
  /** `--tls`: where apps on the official framework reach the emulator over HTTPS; null without it. */
  tls: TlsInfo | null;
}

/** The emulator's HTTPS side (`--tls`), for apps whose API client calls `https://{domain}.{apiDomain}`. */
export interface TlsInfo {
  /** `https://localhost:{port}` */
  origin: string;
  port: number;
  /** The names its certificate's SAN holds, each exactly (`localhost`, `{organization}.localhost`, …). */
  hosts: string[];
  /** The local CA that issued it: the app's Node process trusts it with NODE_EXTRA_CA_CERTS. */
  caPath: string;
  /** The preload that resolves `*.localhost` to 127.0.0.1: NODE_OPTIONS="--import {dnsPreload}". */
  dnsPreload: string;
  /** The framework's `crowdinUrls`: `{accountUrl, apiDomain}`. */
  crowdinUrls: { accountUrl: string; apiDomain: string };
}

/** `GET /__apps` */
export interface AppsOverview {
  settings: AppsSettings;
  clients: OAuthAppInfo[];
  apps: AppInfo[];
  /** Problems not tied to an installed app, e.g. refused installs (newest first). */
  problems: AppProblem[];
  /**
   * Webhook events waiting for their batch, per app and webhook module (nothing when nothing waits): they
   * are not in the delivery log until the batch goes. The stream sends `apps` whenever this changes (events
   * queued, a batch sent, a flush). Failed deliveries waiting to retry are in the log (`retrying`).
   */
  queued: QueuedBatch[];
}

/** The events queued for one webhook module of an installed app, and when they go. */
export interface QueuedBatch {
  appId: string;
  moduleKey: string;
  /** Events waiting (a batch holds at most `batchMaxEvents`; a full one goes at once). */
  events: number;
  /** When the batch interval ends and they are sent, unless flushed first. */
  sendsAt: string;
}

/** `POST /__apps/install`; answered with the AppInfo (201). */
export interface InstallRequest {
  manifestUrl: string;
  /** Project ids, or `all` (the default). */
  projects?: number[] | 'all';
  /**
   * Who may open its UI modules: each module that offers this category gets it (the others keep their
   * default: the manifest's `default_permissions.user` where offered, else `owner`).
   */
  access?: ModuleAccessCategory;
}

/** `POST /__apps/{appId}/uninstall` */
export interface UninstallResponse {
  appId: string;
  /** The app's answer to the uninstall event; null when the manifest has none. */
  answer: AttemptInfo | null;
}

// ---- workflow steps -----------------------------------------------------------------------------------

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

// The bridge (`AP`) and its messages: src/wire/ap-bridge.ts.

// ---- file-processing module calls --------------------------------------------------------------------

// File-processing module calls (`POST /__apps/{appId}/modules/{key}/call`): src/wire/app-module-calls.ts.

// ---- deliveries ---------------------------------------------------------------------------------------

/** `POST /__apps/{appId}/trigger`: a documented event built from live objects; ids pick the objects. */
export interface TriggerRequest {
  event: string;
  stringId?: number;
  fileId?: number;
  languageId?: string;
  userId?: number;
  branchId?: number;
}

export interface TriggerResponse {
  event: string;
  /** Webhook modules the event was queued for. */
  modules: string[];
}

/** `POST /__apps/flush`: queued batches and waiting retries, sent now; all apps', or one app's. */
export interface FlushRequest {
  app?: string;
}

export interface FlushResponse {
  deliveries: number;
  retries: number;
}

/** One try of a delivery. */
export interface AttemptInfo {
  n: number;
  startedAt: string;
  durationMs: number;
  /** The HTTP status, null when no answer came (timeout, refused, not HTTP). */
  status: number | null;
  /** Why the attempt failed, in words; null when it succeeded. */
  error: string | null;
  /** The first bytes of the answer's body (UTF-8, at most 2 KB). */
  answerStart: string;
  answerBytes: number;
  /** The answer was larger than the emulator reads; it stopped reading there. */
  answerTruncated: boolean;
  /** A redirect's Location (never followed). */
  location: string | null;
  ok: boolean;
}

export interface DeliverySummary {
  id: number;
  kind: DeliveryKind;
  appId: string;
  moduleKey: string | null;
  /** The distinct event names in the body, in order of first appearance. */
  events: string[];
  eventCount: number;
  method: string;
  url: string;
  state: DeliveryState;
  createdAt: string;
  attemptCount: number;
  lastAttempt: AttemptInfo | null;
  nextAttemptAt: string | null;
  redeliveryOf: number | null;
  bodyBytes: number;
  /** The X-Crowdin-Signature sent, null for unsigned calls. */
  signature: string | null;
  /** What delivery fault rules did to it (`POST /__faults`), in the order they acted; empty for most. */
  faults: DeliveryFaultNote[];
}

export interface DeliveryDetail extends DeliverySummary {
  request: Fixture;
  attempts: AttemptInfo[];
  /** The (step, string, language) pairs a step event batch carries. */
  stepStrings: { stepId: number; stringId: number; languageId: string }[];
}

/** `GET /__apps/deliveries?app&state&event&kind&limit&offset`, newest first. */
export interface DeliveriesResponse {
  data: DeliverySummary[];
  total: number;
  offset: number;
  limit: number;
}

/** `GET /__apps/deliveries/{id}/fixture`: the request exactly as sent, to replay in the app's tests. */
export interface Fixture {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A call the app made to the emulator with one of its tokens, or a token request. */
export interface AppApiCall {
  id: number;
  appId: string;
  at: string;
  kind: 'token' | 'api';
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** The newest delivery to the app that had started before this call: the one that likely caused it. */
  afterDelivery: number | null;
}

/** `GET /__apps/calls?app&limit`, newest first. */
export interface AppCallsResponse {
  data: AppApiCall[];
}

/** `GET /__apps/stream`: server-sent events, one JSON object per `data:` line. */
export type AppsStreamEvent =
  | { type: 'attempt'; delivery: DeliverySummary; attempt: AttemptInfo }
  | { type: 'delivery'; delivery: DeliverySummary }
  | { type: 'call'; call: AppApiCall }
  | { type: 'statuses'; stepId: number; counts: StepCounts }
  | { type: 'apps' };

/** Every control route's error body. */
export interface ControlErrorBody {
  error: {
    code: string;
    message: string;
    problems?: ManifestProblem[];
    answer?: AttemptInfo;
    /** The call in the delivery log, when the app was called. */
    deliveryId?: number;
    /** The app the refusal is about, when the request named it by its manifest (alreadyInstalled). */
    appId?: string;
    /** The message for the Apps view, where the fix is a form on the page instead of a command. */
    inView?: string;
  };
}
