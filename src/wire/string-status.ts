// The service's string-status API for custom workflow steps
// (`…/workflow-steps/{stepId}/languages/{languageId}/status`, the docs' workflow-step-type page): a string's
// status per language, the records GET and PATCH answer, and PATCH's JSON Patch body. The emulator serves it
// (src/server/emulator/apps/); the names are Crowdin's.

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
