// An app descriptor's (manifest.json's) shapes on the control routes: what validating one finds, the events
// a webhook module may subscribe to, and the modules of an installed app as the Apps view lists them. The
// emulator's manifest check (src/server/emulator/apps/manifest.ts) writes them; the view and the CLI read them.

/** The event a workflow step's app receives when strings land on its step. */
export const STEP_EVENT = 'string.status_on_step.recalculation_triggered';

/**
 * Every event an app's webhook module may subscribe to (docs: developer/modules/other/webhook.mdx and the
 * payloads under src/assets/code/webhooks/): the manifest check and `trigger` accept these.
 */
export const DOCUMENTED_EVENTS: readonly string[] = [
  'file.added',
  'file.updated',
  'file.reverted',
  'file.deleted',
  'file.translated',
  'file.approved',
  'branch.translated',
  'branch.approved',
  'project.translated',
  'project.approved',
  'project.built',
  'project.created',
  'project.deleted',
  'translation.updated',
  'string.added',
  'string.updated',
  'string.deleted',
  'suggestion.added',
  'suggestion.updated',
  'suggestion.deleted',
  'suggestion.approved',
  'suggestion.disapproved',
  'stringComment.created',
  'stringComment.updated',
  'stringComment.deleted',
  'stringComment.restored',
  'task.added',
  'task.statusChanged',
  'task.updated',
  'task.deleted',
  'group.created',
  'group.deleted',
  STEP_EVENT,
];

// ---- manifest validation ------------------------------------------------------------------------------

export type Severity = 'error' | 'warning';

/** One finding about a manifest: where (a JSON pointer into it), which rule, and what to do. */
export interface ManifestProblem {
  severity: Severity;
  /** RFC 6901 pointer, `""` for the whole manifest. */
  pointer: string;
  /** Stable rule id (README, "Develop a Crowdin app against the emulator", lists them). */
  rule: string;
  /** What is wrong at the pointer, not repeating it (src/wire/manifest-words.ts words the place). */
  message: string;
  /** The message for the Apps view, where the fix is a form on the page instead of a command. */
  inView?: string;
}

/** `apps validate` and a refused install: errors refuse the manifest, warnings do not. */
export interface ValidationReport {
  ok: boolean;
  errors: ManifestProblem[];
  warnings: ManifestProblem[];
}

// ---- modules of an installed app ------------------------------------------------------------------------

export interface WebhookModuleInfo {
  key: string;
  url: string;
  events: string[];
  /** False when its `environments` exclude the emulator's edition: it receives nothing. */
  active: boolean;
}

export interface StepPort {
  title: string;
  port: string;
}

export interface StepTypeInfo {
  key: string;
  name: string;
  description: string | null;
  inputPorts: string[];
  outputs: StepPort[];
  /** The settings page (relative to the app's baseUrl), if any. */
  url: string | null;
  updateSettingsUrl: string | null;
  deleteSettingsUrl: string | null;
  editorMode: string | null;
  /** False on the standard edition: workflow steps are Crowdin Enterprise only. */
  offered: boolean;
}

export interface ModuleInfo {
  group: string;
  key: string;
  /** Whether the emulator calls this module (webhook, workflow-step-type, file processing). */
  hosted: boolean;
}
