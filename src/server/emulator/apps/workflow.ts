// The workflow steps of installed apps and the strings that reach them: add a step to the project's
// workflow, put strings on it (by CroQL query over the strings listing or by id), re-trigger them, and queue
// the step event of each for the app's webhook modules.
import type {
  AddStepRequest,
  RetriggerRequest,
  RetriggerResponse,
  SendRequest,
  SendResponse,
  StepStringRow,
  StringStatusRecord,
} from '../../../wire/apps.ts';
import { STEP_EVENT } from '../../../wire/apps.ts';
import type { ListEnvelope, SimpleErrorBody, ValidationErrorsBody } from '../../../wire/envelope.ts';
import { PAGE_LIMIT } from '../../../wire/service-limits.ts';
import type { Dataset } from '../data/model.ts';
import { personalAccessToken } from '../oauth/store.ts';
import type { PendingEvent } from './batch-queues.ts';
import { ControlError } from './errors.ts';
import { findString } from './events.ts';
import type { HostParts } from './host-parts.ts';
import { Installations, type Installation } from './installations.ts';
import { moduleActive, subscribedModules } from './manifest.ts';
import type { Step, StepPair } from './steps.ts';

/** Strings one send may put on a step (the emulator's limit: a query matching more is refused). */
export const MAX_SEND_STRINGS = 10_000;
/** What brings strings sent from the control routes to a step (the docs' example value). */
const SEND_ORIGIN_EVENT = 'string.added';

export class Workflow {
  constructor(private p: HostParts) {}

  private get data(): Dataset {
    return this.p.config.data;
  }

  addStep(appId: string, request: AddStepRequest): Step {
    const app = this.p.installations.require(appId);
    if (!this.p.enterprise()) {
      throw new ControlError(
        409,
        'enterpriseOnly',
        'Workflow steps exist only in Crowdin Enterprise, and this emulator plays crowdin.com. Start it with --organization DOMAIN (e.g. `npm run emulator -- --organization acme`) and install the app again.',
      );
    }
    const projectId = request.projectId;
    const types = app.manifest.modules?.['workflow-step-type'] ?? [];
    const example = `e.g. {"projectId": ${this.data.project.id}, "moduleKey": "${types[0]?.key ?? 'my-step'}"}`;
    if (!Number.isInteger(projectId)) {
      throw new ControlError(
        400,
        'invalidRequest',
        projectId === undefined || projectId === null
          ? `projectId is required: the project whose workflow gets the step, ${example}.`
          : `projectId must be an integer, not ${JSON.stringify(projectId)}: ${example}.`,
      );
    }
    if (typeof request.moduleKey !== 'string' || request.moduleKey === '') {
      throw new ControlError(
        400,
        'invalidRequest',
        `moduleKey is required: the key of the app's workflow-step-type module, ${example}.`,
      );
    }
    if (projectId !== this.data.project.id) {
      throw new ControlError(
        404,
        'unknownProject',
        `No project ${String(projectId)}: the emulator serves project ${this.data.project.id}.`,
      );
    }
    if (!Installations.reaches(app, projectId)) {
      throw new ControlError(
        409,
        'projectNotAllowed',
        `"${appId}" was installed for projects ${(app.projects as number[]).join(', ')} only.`,
      );
    }
    const type = types.find((t) => t.key === request.moduleKey);
    if (!type) {
      throw new ControlError(
        404,
        'unknownModule',
        `"${appId}" has no workflow-step-type module "${String(request.moduleKey)}". ${types.length ? `Its step modules: ${types.map((t) => t.key).join(', ')}.` : 'It has no workflow-step-type module.'}`,
      );
    }
    if (!moduleActive(type, app.manifest, 'crowdin-enterprise')) {
      throw new ControlError(
        409,
        'moduleNotOffered',
        `Module "${type.key}" is not offered in Crowdin Enterprise (its environments: ${(type.environments ?? app.manifest.environments ?? []).join(', ')}).`,
      );
    }
    const languages = this.readLanguages(
      request.languages,
      this.data.project.targetLanguageIds,
      'the project',
    );
    const step = this.p.steps.add({
      projectId,
      appId,
      moduleKey: type.key,
      title: typeof request.title === 'string' && request.title.trim() ? request.title.trim() : type.name,
      languages,
      outputs: type.boundaries.outputs,
      createdAt: this.p.config.clock(),
    });
    if (subscribedModules(app.manifest, STEP_EVENT, 'crowdin-enterprise').length === 0) {
      this.p.installations.problem(appId, {
        severity: 'warning',
        code: 'noStepWebhook',
        message: `Step ${step.id} was added, but "${appId}" has no webhook module for ${STEP_EVENT}: strings that reach the step are never delivered (the service does the same, silently).`,
      });
    }
    this.p.stream.emit({ type: 'apps' });
    return step;
  }

  private readLanguages(raw: unknown, allowed: string[], whose: string): string[] {
    if (raw === undefined) return allowed;
    if (!Array.isArray(raw) || raw.length === 0 || raw.some((l) => typeof l !== 'string')) {
      throw new ControlError(
        400,
        'invalidRequest',
        'languages must be a non-empty list of language ids, e.g. ["uk", "de"].',
      );
    }
    const unknown = raw.filter((l) => !allowed.includes(l));
    if (unknown.length) {
      throw new ControlError(
        400,
        'unknownLanguage',
        `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not among the languages of ${whose} (${allowed.join(', ')}).`,
      );
    }
    return [...new Set(raw as string[])];
  }

  /** A step's status records with what each string is (the Apps view lists them by identifier and text). */
  stringRows(records: readonly StringStatusRecord[]): StepStringRow[] {
    return records.map((r) => {
      const s = findString(this.p.config.data, r.stringId);
      const text = s?.text;
      return {
        ...r,
        identifier: typeof s?.identifier === 'string' ? s.identifier : '',
        text:
          typeof text === 'string'
            ? text
            : text !== null && typeof text === 'object'
              ? Object.values(text).map(String).join(' | ')
              : '',
      };
    });
  }

  private activeStep(stepId: number): { step: Step; app: Installation } {
    const step = this.p.steps.require(stepId);
    const app = this.p.installations.get(step.appId);
    if (!step.active || !app) {
      throw new ControlError(
        409,
        'stepInactive',
        `Step ${stepId} is inactive: its app "${step.appId}" was uninstalled.`,
      );
    }
    return { step, app };
  }

  /** Puts strings on a step: those a CroQL query over the strings listing returns, or the ids given. */
  async send(stepId: number, request: SendRequest): Promise<SendResponse> {
    const { step, app } = this.activeStep(stepId);
    const hasQuery = typeof request.croql === 'string' && request.croql.trim() !== '';
    const hasIds = Array.isArray(request.stringIds);
    if (hasQuery === hasIds) {
      throw new ControlError(
        400,
        'invalidRequest',
        'Send either croql (a CroQL query over the strings listing) or stringIds (a list of string ids).',
      );
    }
    const languages = this.readLanguages(request.languages, step.languages, `step ${step.id}`);
    const ids = hasQuery ? await this.queryStrings(app, request.croql!) : this.checkIds(request.stringIds!);
    const { pairs, incomplete } = await this.p.steps.putInTurns(
      step,
      ids,
      languages,
      SEND_ORIGIN_EVENT,
      (id) => findString(this.data, id)?.isHidden !== true,
    );
    // The app may have been uninstalled between two turns of the put: nothing to deliver then.
    if (step.active) this.queueStepPairs(app, pairs);
    this.statusesChanged(step);
    return { stepId, strings: ids.length, languages, needProcess: pairs.length, incomplete };
  }

  private checkIds(raw: unknown[]): number[] {
    if (raw.some((id) => !Number.isSafeInteger(id))) {
      throw new ControlError(400, 'invalidRequest', 'stringIds must be a list of integer string ids.');
    }
    const ids = [...new Set(raw as number[])];
    if (ids.length > MAX_SEND_STRINGS) {
      throw new ControlError(
        400,
        'tooManyStrings',
        `${ids.length} strings; send at most ${MAX_SEND_STRINGS} at a time.`,
      );
    }
    const unknown = ids.filter((id) => !findString(this.data, id));
    if (unknown.length) {
      throw new ControlError(
        404,
        'unknownString',
        `No string ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''} in project ${this.data.project.id}.`,
      );
    }
    return ids;
  }

  /** The ids of the strings the emulator's own listing returns for the query, page by page. */
  private async queryStrings(app: Installation, croql: string): Promise<number[]> {
    const token = personalAccessToken(this.p.config, app.installer.id, 'project');
    const ids: number[] = [];
    for (let offset = 0; ; offset += PAGE_LIMIT) {
      const path = `/api/v2/projects/${this.data.project.id}/strings?limit=${PAGE_LIMIT}&offset=${offset}&croql=${encodeURIComponent(croql)}`;
      const res = await this.p.request(path, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await res.json()) as ListEnvelope<{ id: number }> &
        Partial<ValidationErrorsBody & SimpleErrorBody>;
      if (!res.ok) {
        const errors = body.errors?.flatMap((e) => e.error.errors.map((x) => x.message)) ?? [
          body.error?.message ?? `status ${res.status}`,
        ];
        throw new ControlError(
          400,
          'croqlInvalid',
          `The strings listing refused the query: ${errors.join(' ')}`,
        );
      }
      for (const row of body.data) ids.push(row.data.id);
      if (ids.length > MAX_SEND_STRINGS) {
        throw new ControlError(
          400,
          'tooManyStrings',
          `The query matches more than ${MAX_SEND_STRINGS} strings; send at most ${MAX_SEND_STRINGS} at a time (narrow the query).`,
        );
      }
      if (body.data.length < PAGE_LIMIT) return ids;
    }
  }

  /** Queues the step event of each pair for every webhook module of the app subscribed to it. */
  private queueStepPairs(app: Installation, pairs: StepPair[]): void {
    if (pairs.length === 0) return;
    const modules = subscribedModules(app.manifest, STEP_EVENT, this.p.edition());
    if (modules.length === 0) {
      this.p.installations.problem(app.appId, {
        severity: 'warning',
        code: 'noStepWebhook',
        message: `${pairs.length} string${pairs.length === 1 ? '' : 's'} reached a step of "${app.appId}", but it has no webhook module for ${STEP_EVENT}: nothing was delivered (the service does the same, silently).`,
      });
      return;
    }
    const items: PendingEvent[] = pairs.map((pair) => ({ type: 'step', pair, userId: app.installer.id }));
    for (const key of modules) this.p.deliveries.enqueue(app, key, items);
  }

  retrigger(stepId: number, request: RetriggerRequest): RetriggerResponse {
    const { step, app } = this.activeStep(stepId);
    if (
      request.stringIds !== undefined &&
      (!Array.isArray(request.stringIds) || request.stringIds.some((id) => !Number.isSafeInteger(id)))
    ) {
      throw new ControlError(400, 'invalidRequest', 'stringIds must be a list of integer string ids.');
    }
    const languages = this.readLanguages(request.languages, step.languages, `step ${step.id}`);
    const pairs = this.p.steps.retrigger(step, { stringIds: request.stringIds, languages });
    this.queueStepPairs(app, pairs);
    this.statusesChanged(step);
    return { stepId, retriggered: pairs.length };
  }

  statusesChanged(step: Step): void {
    this.p.stream.emit({ type: 'statuses', stepId: step.id, counts: this.p.steps.counts(step) });
  }
}
