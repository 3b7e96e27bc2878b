// Which step a service JWT may open (review security-2026-11-28 F1, F3). The JWT names an organization, a
// user and a project, never a step or an app: any JWT signed with the router's OAuth client secret would
// otherwise open every step of the organization. So a JWT opens only steps of its own project, in its own
// installation; a step named in its context (a host may name one) is the only step it opens; and a settings
// callback is taken only for a step the service says is in that project and is this app's (its string-status
// API answers this installation's agent only on the app's own steps; status-api.ts of the emulator does the
// same). The project always comes from the token: a body's `projectId` can only agree with it.
import type { ServiceClaims } from './auth.ts';
import { ApiError, type CrowdinClient } from '../../app-server/crowdin.ts';
import type { Installation, StepRecord } from './store.ts';

export interface Refusal {
  status: 403 | 503;
  message: string;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const asId = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return isInt(n) ? n : null;
};

/** The step the token's context names, if its host names one. */
export function contextStep(claims: ServiceClaims): number | null {
  return asId(claims.context.workflow_step_id) ?? asId(claims.context.step_id);
}

/** Whether the token belongs to this installation: its organization id, when both say one, is the same. */
export function installationRefusal(claims: ServiceClaims, installation: Installation): Refusal | null {
  if (claims.organizationId !== null && claims.organizationId !== installation.organizationId) {
    return {
      status: 403,
      message: `The token is for organization ${claims.organizationId}; CroQL Router is installed there as organization ${installation.organizationId}.`,
    };
  }
  return null;
}

/**
 * Whether the token may read or change step `stepId` by what the router knows itself: its context's step,
 * its project, and the project the router saved the step under. `bodyProjectId` is what a callback's body
 * says (null when it says nothing).
 */
export function stepRefusal(
  claims: ServiceClaims,
  stepId: number,
  saved: StepRecord | undefined,
  bodyProjectId: number | null = null,
): Refusal | null {
  const own = contextStep(claims);
  if (own !== null && own !== stepId) {
    return { status: 403, message: `The token is for step ${own}, not step ${stepId}.` };
  }
  if (claims.projectId === null) {
    return {
      status: 403,
      message: `The token names no project, so it opens no step: open the step's settings from its project's workflow.`,
    };
  }
  if (bodyProjectId !== null && bodyProjectId !== claims.projectId) {
    return {
      status: 403,
      message: `The body's project ${bodyProjectId} is not the token's project ${claims.projectId}.`,
    };
  }
  if (saved && saved.projectId !== null && saved.projectId !== claims.projectId) {
    return {
      status: 403,
      message: `Step ${stepId} is not a step of project ${claims.projectId}; this token opens that project's steps only.`,
    };
  }
  return null;
}

/**
 * Asks the service whether step `stepId` is in `projectId` and is this app's: 403 when the service says it is
 * not, 503 when it cannot be asked (the callback may come again; nothing is changed meanwhile).
 */
export async function serviceStepRefusal(
  api: CrowdinClient,
  projectId: number,
  stepId: number,
): Promise<Refusal | null> {
  const unreachable = (e: unknown): Refusal => ({
    status: 503,
    message: `Could not ask the service whether step ${stepId} is CroQL Router's in project ${projectId} (${(e as Error).message}); nothing was changed. Try again.`,
  });
  let languages: string[];
  try {
    const step = await api.request<{ data?: { type?: unknown; languages?: unknown } }>(
      'GET',
      `/projects/${projectId}/workflow-steps/${stepId}`,
    );
    if (step.data?.type !== undefined && step.data.type !== 'Application') {
      return { status: 403, message: `Step ${stepId} of project ${projectId} is not an app's step.` };
    }
    const listed = step.data?.languages;
    languages = Array.isArray(listed) ? listed.filter((l): l is string => typeof l === 'string') : [];
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 403)) {
      return { status: 403, message: `Step ${stepId} is not a step of project ${projectId}.` };
    }
    return unreachable(e);
  }
  // A step with no language yet has no status to read; whose it is shows at its first delivery (the
  // service refuses this agent's PATCHes on another app's step).
  const language = languages[0];
  if (language === undefined) return null;
  try {
    await api.request('GET', `/projects/${projectId}/workflow-steps/${stepId}/languages/${language}/status`, {
      query: { limit: 1 },
    });
  } catch (e) {
    if (e instanceof ApiError && (e.status === 403 || e.status === 404)) {
      return {
        status: 403,
        message: `Step ${stepId} of project ${projectId} is not open to CroQL Router: the service refused its agent the step's statuses (${e.message}).`,
      };
    }
    return unreachable(e);
  }
  return null;
}

/**
 * The whole check of a settings callback (Save or delete) for `target`: what the router knows, then what the
 * service says. Template steps are in no project and route nothing; only the context's step binds them.
 */
export async function callbackRefusal(
  claims: ServiceClaims,
  target: { stepId: number; bodyProjectId: number | null; templateId: number | null },
  saved: StepRecord | undefined,
  api: CrowdinClient,
): Promise<Refusal | null> {
  if (target.templateId !== null) {
    const own = contextStep(claims);
    return own !== null && own !== target.stepId
      ? { status: 403, message: `The token is for step ${own}, not step ${target.stepId}.` }
      : null;
  }
  return (
    stepRefusal(claims, target.stepId, saved, target.bodyProjectId) ??
    (await serviceStepRefusal(api, claims.projectId!, target.stepId))
  );
}
