// The API routes of workflow steps, behind the API's authentication: List/Get Workflow Steps (the enterprise
// OpenAPI's shapes) and the string-status API of custom steps (docs: workflow-step-type.mdx "API Methods").
// Workflow steps exist only in Crowdin Enterprise, so on the standard edition these paths answer 404 as
// api.crowdin.com does.
import type { Context, Hono } from 'hono';
import type { StringStatusBody } from '../../../wire/apps.ts';
import { STEP_STATUSES } from '../../../wire/apps.ts';
import { grants } from '../../../wire/scopes.ts';
import { itemEnvelope, listEnvelope } from '../api/envelope.ts';
import { forbidden, notFound, simpleError, validationError } from '../api/errors.ts';
import { pageParams, type Query } from '../api/params.ts';
import type { ApiEnv } from '../api/routes.ts';
import { Installations } from './installations.ts';
import { MAX_STATUS_STRING_IDS, PatchError, isStepStatus, type Step, type StepStore } from './steps.ts';

/** Bytes of a PATCH body read at most: 500 operations fit in far less, and 10,000 still get the count refused. */
const MAX_PATCH_BYTES = 2 * 1024 * 1024;

export interface StatusApiDeps {
  steps: StepStore;
  installations: Installations;
  enterprise: () => boolean;
  projectId: () => number;
  /** A status change the control view shows live. */
  changed: (step: Step) => void;
}

/** The OpenAPI's workflow step resource, for an app's step (`type` as the step event has it). */
function stepResource(step: Step) {
  return { id: step.id, title: step.title, type: 'Application', languages: step.languages, config: {} };
}

export function statusApiRoutes(deps: StatusApiDeps): (api: Hono<ApiEnv>) => void {
  const projectSteps = (c: Context<ApiEnv>): number => {
    if (!deps.enterprise()) throw notFound();
    if (!grants(c.get('claims').scope, 'project')) throw forbidden();
    const projectId = Number(c.req.param('projectId'));
    if (c.req.param('projectId') !== String(deps.projectId())) throw notFound();
    return projectId;
  };
  const activeStep = (projectId: number, raw: string | undefined): Step => {
    const step = /^\d+$/.test(raw ?? '') ? deps.steps.get(Number(raw)) : undefined;
    if (!step || !step.active || step.projectId !== projectId) throw notFound();
    return step;
  };

  /** Only the step's own app, through its agent, may read or change statuses on it. */
  const statusAccess = (c: Context<ApiEnv>): { step: Step; languageId: string } => {
    const projectId = projectSteps(c);
    const claims = c.get('claims');
    if (claims.typ !== 'crowdin_agent') {
      throw simpleError(
        403,
        "String statuses on a custom workflow step need a token of the app's agent (grant_type crowdin_agent).",
      );
    }
    const step = activeStep(projectId, c.req.param('stepId'));
    const app = deps.installations.get(step.appId);
    if (claims.app !== step.appId || !app) {
      throw simpleError(
        403,
        `Step ${step.id} belongs to app "${step.appId}"; this agent token is of "${claims.app ?? ''}".`,
      );
    }
    if (!Installations.reaches(app, projectId)) {
      throw simpleError(
        403,
        `"${app.agent?.fullName ?? step.appId}" requires manager permissions for the project`,
      );
    }
    const languageId = c.req.param('languageId') ?? '';
    if (!step.languages.includes(languageId)) throw notFound();
    return { step, languageId };
  };

  return (api) => {
    api.get('/projects/:projectId/workflow-steps', (c) => {
      const projectId = projectSteps(c);
      const { limit, offset } = pageParams(c.req.query() as Query);
      const list = deps.steps.list({ projectId }).filter((s) => s.active);
      return c.json(listEnvelope(list.slice(offset, offset + limit).map(stepResource), offset, limit));
    });

    api.get('/projects/:projectId/workflow-steps/:stepId', (c) => {
      const step = activeStep(projectSteps(c), c.req.param('stepId'));
      return c.json(itemEnvelope(stepResource(step)));
    });

    const statusPath = '/projects/:projectId/workflow-steps/:stepId/languages/:languageId/status';

    api.get(statusPath, (c) => {
      const { step, languageId } = statusAccess(c);
      const q = c.req.query() as Query;
      const { limit, offset } = pageParams(q);
      let stringIds: number[] | undefined;
      if (q.stringIds !== undefined) {
        const parts = q.stringIds
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (parts.some((p) => !/^\d+$/.test(p))) {
          throw validationError('stringIds', [
            {
              code: 'notDigits',
              message: 'stringIds must be comma-separated string ids, e.g. 1106423,1106430.',
            },
          ]);
        }
        if (parts.length > MAX_STATUS_STRING_IDS) {
          throw validationError('stringIds', [
            {
              code: 'tooMany',
              message: `stringIds takes at most ${MAX_STATUS_STRING_IDS} ids; it has ${parts.length}.`,
            },
          ]);
        }
        stringIds = parts.map(Number);
      }
      let status;
      if (q.status !== undefined) {
        if (!isStepStatus(q.status)) {
          throw validationError('status', [
            { code: 'notInArray', message: `status must be one of ${STEP_STATUSES.join(', ')}.` },
          ]);
        }
        status = q.status;
      }
      const { records } = deps.steps.query(step, languageId, { stringIds, status, offset, limit });
      const body: StringStatusBody = { data: records.map((data) => ({ data })) };
      return c.json(body);
    });

    api.patch(statusPath, async (c) => {
      const { step, languageId } = statusAccess(c);
      const text = await c.req.text();
      if (Buffer.byteLength(text) > MAX_PATCH_BYTES) {
        throw validationError('body', [
          {
            code: 'tooLarge',
            message: `The body is larger than ${MAX_PATCH_BYTES / 1024} KB; send the operations in several PATCHes.`,
          },
        ]);
      }
      let ops: unknown;
      try {
        ops = JSON.parse(text);
      } catch {
        throw validationError('body', [
          { code: 'notJson', message: 'The body is not JSON: send a JSON Patch array.' },
        ]);
      }
      try {
        const records = deps.steps.patch(step, languageId, ops);
        deps.changed(step);
        const body: StringStatusBody = { data: records.map((data) => ({ data })) };
        return c.json(body);
      } catch (e) {
        if (e instanceof PatchError) throw validationError(e.key, [{ code: e.code, message: e.message }]);
        throw e;
      }
    });
  };
}
