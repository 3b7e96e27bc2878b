// The one event the router acts on, the step event (its type: src/wire/workflow-step.ts), read from a
// delivery's body as untrusted JSON: what routing needs is checked, the rest passes through untouched.
import { STEP_EVENT } from '../wire/apps.ts';
import type { EventString } from '../wire/workflow-step.ts';

/** One string on one step in one language: the unit the router routes. */
export interface StepItem {
  projectId: number;
  stepId: number;
  languageId: string;
  /** The string's revision (0 when the payload has none): a repeat has the same one. */
  revision: number;
  string: EventString;
}

/** The module key the event's step belongs to, to ignore other apps' steps. */
export interface StepEventTarget {
  moduleKey: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
/** The payload gives some ids as strings (`organizationId`); accept both. */
const asId = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return isId(n) ? n : null;
};

export type ReadEvents = { items: (StepItem & StepEventTarget)[]; skipped: string[] };

/**
 * The step items of a delivery body (`{"events": [...]}`). Events of other types are skipped silently (a
 * webhook module may subscribe to more); a step event missing what routing needs is skipped with a reason.
 */
export function readDelivery(body: unknown): ReadEvents | null {
  if (!isRecord(body) || !Array.isArray(body.events)) return null;
  const items: (StepItem & StepEventTarget)[] = [];
  const skipped: string[] = [];
  body.events.forEach((event: unknown, i) => {
    if (!isRecord(event) || event.event !== STEP_EVENT) return;
    const s = event.stringStatus;
    const step = isRecord(s) && isRecord(s.workflowStep) ? s.workflowStep : null;
    const translation = isRecord(s) && isRecord(s.translation) ? s.translation : null;
    const language = isRecord(s) && isRecord(s.affectedLanguage) ? s.affectedLanguage.id : undefined;
    const stepId = asId(step?.id);
    const stringId = asId(translation?.id);
    const project = isRecord(translation?.project) ? translation.project : null;
    const projectId = asId(project?.id);
    const moduleKey = isRecord(step?.applicationModule) ? step.applicationModule.moduleKey : undefined;
    if (!stepId || !stringId || !projectId || typeof language !== 'string' || typeof moduleKey !== 'string') {
      skipped.push(`event ${i}: no step, string, project, language or module key`);
      return;
    }
    const revision = typeof translation!.revision === 'number' ? translation!.revision : 0;
    // An id given as a string ("123") is read as the number the router keys strings by.
    translation!.id = stringId;
    items.push({
      projectId,
      stepId,
      languageId: language,
      revision,
      moduleKey,
      // The parsed object itself (its id checked above), not a copy: a delivery holds hundreds.
      string: translation as unknown as EventString,
    });
  });
  return { items, skipped };
}
