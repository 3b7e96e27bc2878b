// Control routes about workflow steps: adding one, putting strings on it and re-triggering them, listing its
// strings, and its settings (save, delete, the settings page).
import { Hono } from 'hono';
import type {
  AddStepRequest,
  RetriggerRequest,
  SaveSettingsRequest,
  SendRequest,
  StepStringsResponse,
} from '../../../../wire/apps.ts';
import { APPS_ROUTES as R } from '../../../../wire/apps-routes.ts';
import { ControlError } from '../errors.ts';
import type { AppsHost } from '../host.ts';
import { isStepStatus } from '../steps.ts';
import { intParam, on, paging, readJson } from './kit.ts';

export function stepRoutes(host: AppsHost): Hono {
  const app = new Hono();

  on(app, R.addStep, async (c) =>
    host.steps.info(host.workflow.addStep(c.req.param('appId')!, await readJson<AddStepRequest>(c))),
  );

  on(app, R.send, async (c) => host.workflow.send(intParam(c, 'stepId'), await readJson<SendRequest>(c)));

  on(app, R.retrigger, async (c) =>
    host.workflow.retrigger(intParam(c, 'stepId'), await readJson<RetriggerRequest>(c)),
  );

  on(app, R.stepStrings, (c) => {
    const step = host.steps.require(intParam(c, 'stepId'));
    const { offset, limit } = paging(c);
    const languageId = c.req.query('languageId') ?? step.languages[0]!;
    if (!step.languages.includes(languageId)) {
      throw new ControlError(
        400,
        'unknownLanguage',
        `Step ${step.id} has languages ${step.languages.join(', ')}; not "${languageId}".`,
      );
    }
    const status = c.req.query('status');
    if (status !== undefined && !isStepStatus(status)) {
      throw new ControlError(
        400,
        'invalidRequest',
        'status must be NEED_PROCESS, TODO, DONE, FAILED or INCOMPLETE.',
      );
    }
    const { records, total } = host.steps.query(step, languageId, { status, offset, limit });
    const answer: StepStringsResponse = { data: host.workflow.stringRows(records), total, offset, limit };
    return answer;
  });

  on(app, R.saveSettings, async (c) => {
    const body = await readJson<Partial<SaveSettingsRequest>>(c);
    return host.stepSettings.save(c.req.param('appId')!, intParam(c, 'stepId'), body.settings);
  });

  on(app, R.deleteStep, (c) => host.stepSettings.deleteStep(c.req.param('appId')!, intParam(c, 'stepId')));

  on(app, R.settingsPage, (c) =>
    host.stepSettings.settingsPage(c.req.param('appId')!, intParam(c, 'stepId'), new URL(c.req.url).origin),
  );

  return app;
}
