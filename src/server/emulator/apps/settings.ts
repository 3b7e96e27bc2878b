// A workflow step's settings, as the service handles them (docs: workflow-step-type.mdx): Save POSTs
// `{organizationId, projectId, workflowId, stepId, settings}` to the module's `updateSettingsUrl`, deleting
// the step DELETEs the same body without `settings` to `deleteSettingsUrl`, both with the JWT as
// `Authorization: Bearer`; the settings page (`url`) opens with `?jwtToken=…&origin=…&clientId=…`. A
// refused or hanging callback keeps the step's last saved settings, and the call stays in the log.
import type {
  AttemptInfo,
  DeleteStepResponse,
  SaveSettingsResponse,
  SettingsPageResponse,
} from '../../../wire/apps.ts';
import { BRIDGE_PATH } from '../../../wire/ap-bridge.ts';
import type { EmulatorConfig } from '../config.ts';
import { APP_JWT_TTL_SECONDS, appJwt } from './app-jwt.ts';
import type { Deliveries } from './deliveries.ts';
import type { DeliveryRecord } from './delivery-log.ts';
import { ControlError } from './errors.ts';
import type { Installation, Installations } from './installations.ts';
import type { StepEntry } from './manifest.ts';
import { reportedError } from './module-answer.ts';
import { ORGANIZATION_ID, WORKFLOW_ID } from './options.ts';
import type { OutgoingResult } from './outgoing.ts';
import type { Step, StepStore } from './steps.ts';
import type { AppsStream } from './stream.ts';

export interface SettingsDeps {
  config: EmulatorConfig;
  installations: Installations;
  steps: StepStore;
  deliveries: Deliveries;
  stream: AppsStream;
}

export class StepSettings {
  /** The newest save started per step: an older save that finishes later does not overwrite it. */
  private latestSave = new Map<number, number>();
  private saves = 0;

  constructor(private deps: SettingsDeps) {}

  /** The step, checked to be one of the app's. */
  private ownStep(appId: string, stepId: number): Step {
    const step = this.deps.steps.require(stepId);
    if (step.appId !== appId) {
      throw new ControlError(
        404,
        'unknownStep',
        `Step ${stepId} is a step of "${step.appId}", not of "${appId}".`,
      );
    }
    return step;
  }

  /** The installed app's step and its module entry. */
  private appStep(appId: string, stepId: number): { app: Installation; step: Step; type: StepEntry } {
    const app = this.deps.installations.require(appId);
    const step = this.ownStep(appId, stepId);
    const type = app.manifest.modules?.['workflow-step-type']?.find((t) => t.key === step.moduleKey);
    if (!type) {
      throw new ControlError(
        404,
        'unknownModule',
        `"${appId}" has no workflow-step-type module "${step.moduleKey}".`,
      );
    }
    return { app, step, type };
  }

  private jwt(app: Installation, step: Step, now: number): string {
    const { project } = this.deps.config.data;
    return appJwt(app, {
      moduleKey: step.moduleKey,
      project: { id: project.id, identifier: project.identifier },
      domain: this.deps.config.organization,
      now,
    });
  }

  private async call(
    app: Installation,
    step: Step,
    kind: 'settings' | 'delete-settings',
    url: string,
    payload: object,
  ): Promise<{ record: DeliveryRecord; attempt: AttemptInfo; problem: string | null }> {
    const { record, result } = await this.deps.deliveries.sendOnce({
      kind,
      app,
      moduleKey: step.moduleKey,
      method: kind === 'settings' ? 'POST' : 'DELETE',
      url: `${app.baseUrl}${url}`,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${this.jwt(app, step, this.deps.config.clock())}`,
      },
      body: Buffer.from(JSON.stringify(payload)),
    });
    const attempt = record.attempts[0]!;
    return { record, attempt, problem: callbackProblem(attempt, result) };
  }

  /** Save: the app gets the settings; only a 2xx without an error body makes them the step's. */
  async save(appId: string, stepId: number, settings: unknown): Promise<SaveSettingsResponse> {
    const { app, step, type } = this.appStep(appId, stepId);
    if (!step.active) {
      throw new ControlError(409, 'stepInactive', `Step ${stepId} is inactive: "${appId}" was uninstalled.`);
    }
    if (settings === undefined) {
      throw new ControlError(
        400,
        'invalidRequest',
        'settings is required: the object the settings page gives AP.formDataUpdated, e.g. {"settings": {"rules": []}}.',
      );
    }
    if (!type.updateSettingsUrl) {
      throw new ControlError(
        409,
        'noSettingsUrl',
        `Module "${type.key}" declares no updateSettingsUrl, so the service has nowhere to send its settings. Add one to the manifest (e.g. "/workflow-step/settings/${type.key}") and install the app again.`,
      );
    }
    const seq = ++this.saves;
    this.latestSave.set(stepId, seq);
    const payload = {
      organizationId: ORGANIZATION_ID,
      projectId: step.projectId,
      workflowId: WORKFLOW_ID,
      stepId,
      settings,
    };
    const { record, attempt, problem } = await this.call(
      app,
      step,
      'settings',
      type.updateSettingsUrl,
      payload,
    );
    if (problem) {
      const message = `"${appId}" did not take the settings of step ${stepId} at ${record.url}: ${problem} The step keeps the settings it had; what was sent is delivery ${record.id}.`;
      this.deps.installations.problem(appId, {
        severity: 'error',
        code: 'settingsRefused',
        deliveryId: record.id,
        message,
      });
      throw new ControlError(502, 'settingsRefused', message, { answer: attempt, deliveryId: record.id });
    }
    const now = this.deps.config.clock();
    // A step deleted meanwhile, or a newer save, wins over this one.
    if (this.deps.steps.get(stepId) === step && this.latestSave.get(stepId) === seq) {
      step.settings = settings;
      step.settingsSavedAt = now;
      this.deps.stream.emit({ type: 'apps' });
    }
    return {
      stepId,
      settings,
      savedAt: new Date(now).toISOString(),
      deliveryId: record.id,
      answer: attempt,
    };
  }

  /**
   * The step leaves the workflow. The app's `deleteSettingsUrl` is told first; whatever it answers, the
   * step is deleted (as the service deletes it), and a refusal is shown as a problem.
   */
  async deleteStep(appId: string, stepId: number): Promise<DeleteStepResponse> {
    const app = this.deps.installations.get(appId);
    const step = this.ownStep(appId, stepId);
    let answer: AttemptInfo | null = null;
    let deliveryId: number | null = null;
    let problem: string | null = null;
    const url = app?.manifest.modules?.['workflow-step-type']?.find(
      (t) => t.key === step.moduleKey,
    )?.deleteSettingsUrl;
    if (app && step.active && url) {
      const payload = {
        organizationId: ORGANIZATION_ID,
        projectId: step.projectId,
        workflowId: WORKFLOW_ID,
        stepId,
      };
      const sent = await this.call(app, step, 'delete-settings', url, payload);
      answer = sent.attempt;
      deliveryId = sent.record.id;
      if (sent.problem) {
        problem = sent.problem;
        this.deps.installations.problem(appId, {
          severity: 'warning',
          code: 'deleteSettingsRefused',
          deliveryId,
          message: `"${appId}" did not accept the deletion of step ${stepId} at ${sent.record.url}: ${sent.problem} The step was deleted anyway; the app may still keep its settings.`,
        });
      }
    }
    this.deps.steps.remove(stepId);
    this.latestSave.delete(stepId);
    this.deps.stream.emit({ type: 'apps' });
    return { stepId, deliveryId, answer, problem };
  }

  /** Where the step's settings page opens, with the carriers the service gives it. */
  settingsPage(appId: string, stepId: number, origin: string): SettingsPageResponse {
    const { app, step, type } = this.appStep(appId, stepId);
    if (!type.url) {
      throw new ControlError(
        409,
        'noSettingsPage',
        `Module "${type.key}" declares no url: the step has no settings page. Add "url" (e.g. "/workflow-step/${type.key}") to the manifest and install the app again.`,
      );
    }
    const now = this.deps.config.clock();
    const jwtToken = this.jwt(app, step, now);
    const clientId = app.client!.id;
    const page = new URL(`${app.baseUrl}${type.url}`);
    page.searchParams.set('jwtToken', jwtToken);
    page.searchParams.set('origin', origin);
    page.searchParams.set('clientId', clientId);
    // The page's own calls as it loads (a token, the API) are listed under this opening.
    const opened = this.deps.deliveries.opened({ app, moduleKey: step.moduleKey, url: page.toString() });
    return {
      deliveryId: opened.id,
      url: page.toString(),
      jwtToken,
      origin,
      clientId,
      expiresAt: new Date((Math.floor(now / 1000) + APP_JWT_TTL_SECONDS) * 1000).toISOString(),
      bridgeUrl: `${origin}${BRIDGE_PATH}`,
      parentOrigins: [...this.deps.config.allowedOrigins],
    };
  }
}

/** Why a settings callback did not succeed, in words, or null: any 2xx, unless its body reports an error. */
function callbackProblem(attempt: AttemptInfo, result: OutgoingResult): string | null {
  if (!attempt.ok) {
    return attempt.status === null
      ? (attempt.error ?? 'No answer.')
      : `It answered ${attempt.status}.${attempt.error ? ` ${attempt.error}` : ''}`;
  }
  // The official framework answers a failed save with 200 {"error": {"message"}}.
  const reported = reportedError(result.body);
  return reported === null ? null : `It answered ${attempt.status} with the error "${reported}".`;
}
