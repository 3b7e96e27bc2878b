// A workflow step as the service describes it to its app: the ports a step type's input may take (the
// manifest's `boundaries.input.ports`), and the step event, `string.status_on_step.recalculation_triggered`
// (Crowdin's workflow-step-type page, "Receiving Webhook Events from Crowdin"), which the emulator builds
// (src/server/emulator/apps/events.ts) and CroQL Router reads (src/router/event.ts). Only the fields the
// router reads are typed in detail. Note the types the service uses: `identifier` is a hash and `key` the
// visible key, `maxLength` is a string, and labels come as `labelIds`.
import type { STEP_EVENT } from './apps.ts';

/** The ports a workflow step type's input may take (docs: the manifest's `boundaries.input.ports`). */
export const INPUT_PORTS = [
  'untranslated',
  'translated',
  'approved',
  'all',
  'false',
  'true',
  'skipped',
  'initial',
] as const;

/** The string in a delivery (`stringStatus.translation`). */
export interface EventString {
  /** The payload's other fields (url, masterStringId, …), passed through untouched. */
  [field: string]: unknown;
  id: number;
  /** A hash; the key a person sees (CroQL's `identifier`) is `key`. */
  identifier?: string;
  key?: string;
  /** A plural string's forms may come as an object. */
  text?: string | Record<string, string> | null;
  /** `text`, `plural`, `icu`, `asset`. */
  type?: string;
  context?: string | null;
  /** A string in the payload (`"50"`). */
  maxLength?: string | number | null;
  isHidden?: boolean;
  isDuplicate?: boolean;
  hasPlurals?: boolean;
  revision?: number;
  labelIds?: number[];
  createdAt?: string | null;
  updatedAt?: string | null;
  file?: {
    [field: string]: unknown;
    id: number;
    name?: string;
    title?: string | null;
    type?: string;
    branch?: { id: number | null } | null;
  } | null;
  project?: { id: number };
}

/** One event of a step delivery's `{"events": […]}`. */
export interface StepEvent {
  event: typeof STEP_EVENT;
  stringStatus: {
    status: 'NEED_PROCESS';
    output: string;
    originEvent: string;
    /** A string in the payload (`"200000999"`). */
    organizationId: string;
    translation: EventString;
    sourceLanguage: Record<string, unknown>;
    /** The language the step event is for; its `id` is the language id (`uk`). */
    affectedLanguage: Record<string, unknown>;
    workflowStep: {
      id: number;
      title: string;
      type: 'Application';
      languages: string[];
      applicationModule: { applicationIdentifier: string; moduleKey: string };
    };
    user: Record<string, unknown>;
  };
}
