// What the emulator's app-hosting control routes (`/__apps…`) and the string-status API send and take. The
// emulator writes these shapes (src/server/emulator/apps/) and the playground's Apps view reads them; both
// import them from here. Names on the service's own wire (the status API, webhook headers) are Crowdin's.
import type { ManifestProblem } from './app-manifest.ts';
import type { AppApiCall, AttemptInfo, DeliverySummary } from './apps-deliveries.ts';
import type { StepCounts } from './apps-steps.ts';

// Each part in its own file; consumers import them all from here.
// The string-status API (the service's): src/wire/string-status.ts.
export * from './string-status.ts';
// Installed apps, OAuth apps, the emulator's settings, install and uninstall: src/wire/apps-installations.ts.
export * from './apps-installations.ts';
// Workflow steps and their settings: src/wire/apps-steps.ts. The bridge (`AP`) and its messages:
// src/wire/ap-bridge.ts.
export * from './apps-steps.ts';
// Deliveries, their attempts and fixtures, and the apps' calls back: src/wire/apps-deliveries.ts.
export * from './apps-deliveries.ts';
// File-processing module calls (`POST /__apps/{appId}/modules/{key}/call`): src/wire/app-module-calls.ts.

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
