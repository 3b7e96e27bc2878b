// Apps installed on the emulator, as its control routes show them (`GET /__apps`, install, uninstall): the
// OAuth apps (clients), each installed app with its modules, steps and problems, the emulator's settings and
// the events queued for their batch.
import type {
  ManifestProblem,
  ModuleInfo,
  Severity,
  StepTypeInfo,
  WebhookModuleInfo,
} from './app-manifest.ts';
import type { ModuleAccessCategory, UiModuleInfo } from './app-modules.ts';
import type { AttemptInfo } from './apps-deliveries.ts';
import type { StepInfo } from './apps-steps.ts';

/** How long fetching a manifest may take (the emulator's choice; the view says it while an install runs). */
export const MANIFEST_TIMEOUT_SECONDS = 10;

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
