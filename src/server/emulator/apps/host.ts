// The emulator as the host of Crowdin apps: installs and uninstalls them, adds their workflow steps, puts
// strings on the steps, emits events, and wires the parts (installations, steps, deliveries, grants, the
// status API, the call log) to each other and to the emulator. The control routes (control.ts) and the CLI
// call this; nothing here blocks the event loop on an app.
import type { Hono, MiddlewareHandler } from 'hono';
import type {
  AddStepRequest,
  AppInfo,
  AppsOverview,
  AppsSettings,
  InstallRequest,
  TlsInfo,
  RetriggerRequest,
  RetriggerResponse,
  SendRequest,
  SendResponse,
  StepStringRow,
  StringStatusRecord,
  TriggerRequest,
  TriggerResponse,
  UninstallResponse,
} from '../../../wire/apps.ts';
import { STEP_EVENT } from '../../../wire/apps.ts';
import { problemLine } from '../../../wire/manifest-words.ts';
import { grants } from '../../../wire/scopes.ts';
import type { ListEnvelope, SimpleErrorBody, ValidationErrorsBody } from '../../../wire/envelope.ts';
import type { EmulatorApi } from '../api/routes.ts';
import type { EmulatorConfig } from '../config.ts';
import type { Dataset, DemoUser } from '../data/model.ts';
import { verifyJwt } from '../oauth/jwt.ts';
import type { ExtraGrant } from '../oauth/routes.ts';
import { personalAccessToken, type OAuthStore } from '../oauth/store.ts';
import { CallLog } from './calls.ts';
import { Deliveries, outcomeWords, type PendingEvent } from './deliveries.ts';
import { ControlError } from './errors.ts';
import {
  DOCUMENTED_EVENTS,
  EventBuilder,
  EventSubjectError,
  findString,
  webOrigin,
  type EventWorld,
} from './events.ts';
import { appGrants } from './grants.ts';
import { Installations, scopesBeyond, type Installation } from './installations.ts';
import { HOSTED_GROUPS } from './manifest-schema.ts';
import {
  SCOPES_EXCEED_ERROR,
  moduleActive,
  subscribedModules,
  validateManifest,
  type Edition,
} from './manifest.ts';
import { unknownClient } from './manifest-problems.ts';
import { ManifestSourceError, readManifest } from './manifest-source.ts';
import { ORGANIZATION_ID } from './options.ts';
import { bridgeScript } from './bridge.ts';
import { ModuleCalls } from './module-calls.ts';
import { AppCaller } from './outgoing.ts';
import { ServedFiles } from './served-files.ts';
import { StepSettings } from './settings.ts';
import { statusApiRoutes } from './status-api.ts';
import { StepStore, type Step, type StepPair } from './steps.ts';
import { AppsStream } from './stream.ts';

/** Strings one send may put on a step (the emulator's limit: a query matching more is refused). */
export const MAX_SEND_STRINGS = 10_000;
/** What brings strings sent from the control routes to a step (the docs' example value). */
const SEND_ORIGIN_EVENT = 'string.added';

export class AppsHost {
  readonly stream = new AppsStream();
  readonly caller: AppCaller;
  readonly installations: Installations;
  readonly steps = new StepStore();
  readonly deliveries: Deliveries;
  readonly calls: CallLog;
  /** Step settings: the callbacks and the settings page. */
  readonly stepSettings: StepSettings;
  /** Calls to file-processing modules, and the files they name by URL. */
  readonly modules: ModuleCalls;
  readonly files: ServedFiles;
  private bridge: string | null = null;
  /** The HTTPS side, once `--tls` started it (cli.ts). */
  tls: TlsInfo | null = null;
  /** When this run started (AppsSettings.startedAt): a view that saw another knows the emulator restarted. */
  readonly startedAt: string;
  /**
   * More control routes under /__apps (settings callbacks, module calls), mounted by control.ts with the
   * same guards and error answers, before its catch-all. Register them before the emulator's routes are built.
   */
  readonly extraControlRoutes: ((app: Hono) => void)[] = [];

  constructor(
    private config: EmulatorConfig,
    private store: OAuthStore,
    api: EmulatorApi,
    /** An in-process request to the emulator itself (the listing a `croql` send runs). */
    private request: (path: string, init: RequestInit) => Promise<Response>,
  ) {
    this.startedAt = new Date(config.clock()).toISOString();
    this.caller = new AppCaller(() => config.apps.allowRemoteApps);
    this.installations = new Installations(config, () => this.stream.emit({ type: 'apps' }));
    this.deliveries = new Deliveries({
      options: () => config.apps,
      clock: config.clock,
      caller: this.caller,
      installations: this.installations,
      steps: this.steps,
      stream: this.stream,
      organization: () => ({ id: ORGANIZATION_ID, domain: config.organization }),
      build: (app, items) => this.batchEvents(app, items),
    });
    this.calls = new CallLog(config.clock, this.deliveries, this.stream);
    this.stepSettings = new StepSettings({
      config,
      installations: this.installations,
      steps: this.steps,
      deliveries: this.deliveries,
      stream: this.stream,
    });
    this.files = new ServedFiles(config.clock);
    this.modules = new ModuleCalls({
      config,
      installations: this.installations,
      deliveries: this.deliveries,
      caller: this.caller,
      files: this.files,
    });
    api.extraUser = (id) => this.installations.agentUser(id);
    api.extraRoutes.push(
      statusApiRoutes({
        steps: this.steps,
        installations: this.installations,
        enterprise: () => this.enterprise(),
        projectId: () => this.data.project.id,
        changed: (step) => this.statusesChanged(step),
      }),
    );
  }

  private get data(): Dataset {
    return this.config.data;
  }

  /** The bridge script settings pages load, for the playground's origins (built once). */
  bridgeScript(): string {
    return (this.bridge ??= bridgeScript(this.config.allowedOrigins));
  }

  enterprise(): boolean {
    return this.config.organization !== null;
  }

  edition(): Edition {
    return this.enterprise() ? 'crowdin-enterprise' : 'crowdin';
  }

  /** The `crowdin_app` and `crowdin_agent` grants, for the OAuth routes. */
  grants(): Record<string, ExtraGrant> {
    return appGrants({
      installations: this.installations,
      store: this.store,
      calls: this.calls,
      organization: () => this.config.organization,
    });
  }

  /** Records the API calls made with an installed app's tokens (mounted before the API). */
  recordCalls(): MiddlewareHandler {
    return async (c, next) => {
      const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
      const claims = match ? verifyJwt(match[1]!, this.config.signingKey) : null;
      if (!claims?.app || (claims.typ !== 'crowdin_app' && claims.typ !== 'crowdin_agent')) return next();
      const started = this.config.clock();
      await next();
      const url = new URL(c.req.url);
      this.calls.record(
        {
          appId: claims.app,
          kind: 'api',
          method: c.req.method,
          path: url.pathname + url.search,
          status: c.res.status,
          durationMs: this.config.clock() - started,
        },
        started,
      );
    };
  }

  private users(id: number): DemoUser | undefined {
    return this.data.users.find((u) => u.id === id) ?? this.installations.agentUser(String(id));
  }

  private world(): EventWorld {
    return {
      data: this.data,
      domain: this.config.organization,
      organizationId: ORGANIZATION_ID,
      users: (id) => this.users(id),
    };
  }

  settings(): AppsSettings {
    const { secretKey: _secret, ...choices } = this.config.apps;
    return {
      startedAt: this.startedAt,
      edition: this.edition(),
      organization: this.config.organization,
      organizationId: ORGANIZATION_ID,
      ...choices,
      tls: this.tls,
    };
  }

  overview(): AppsOverview {
    return {
      settings: this.settings(),
      clients: this.installations.clientList(),
      apps: this.installations.list().map((a) => this.appInfo(a)),
      problems: this.installations.problems,
      queued: this.deliveries.waiting(),
    };
  }

  appInfo(app: Installation): AppInfo {
    const m = app.manifest;
    const enterprise = this.enterprise();
    const active = (module: { environments?: string[] }) => moduleActive(module, m, this.edition());
    const modules = Object.entries(m.modules ?? {}).flatMap(([group, entries]) =>
      entries.map((e) => ({
        group,
        key: e.key,
        hosted: (HOSTED_GROUPS as readonly string[]).includes(group),
      })),
    );
    return {
      appId: app.appId,
      name: m.name,
      manifestUrl: app.manifestUrl,
      baseUrl: app.baseUrl,
      authenticationType: app.authType,
      clientId: m.authentication.clientId ?? null,
      appSecret: app.secret,
      installedAt: new Date(app.installedAt).toISOString(),
      installedBy: { id: app.installer.id, username: app.installer.username },
      projects: app.projects,
      agent: app.agent
        ? {
            id: app.agent.id,
            username: app.agent.username,
            name: app.agent.fullName,
            avatarUrl: app.agent.avatarUrl,
          }
        : null,
      scopes: app.scopes,
      modules,
      webhooks: (m.modules?.webhook ?? []).map((w) => ({
        key: w.key,
        url: w.url,
        events: w.events,
        active: active(w),
      })),
      stepTypes: (m.modules?.['workflow-step-type'] ?? []).map((s) => ({
        key: s.key,
        name: s.name,
        description: s.description ?? null,
        inputPorts: s.boundaries.input.ports,
        outputs: s.boundaries.outputs,
        url: s.url ?? null,
        updateSettingsUrl: s.updateSettingsUrl ?? null,
        deleteSettingsUrl: s.deleteSettingsUrl ?? null,
        editorMode: s.editorMode ?? null,
        offered: enterprise && active(s),
      })),
      steps: this.steps.list({ appId: app.appId }).map((s) => this.steps.info(s)),
      problems: app.problems,
      warnings: app.warnings,
    };
  }

  // ---- install and uninstall ----------------------------------------------------------------------------

  async install(request: InstallRequest): Promise<Installation> {
    const { manifestUrl } = request;
    if (typeof manifestUrl !== 'string' || !/^https?:\/\//i.test(manifestUrl)) {
      throw new ControlError(
        400,
        'invalidRequest',
        typeof manifestUrl === 'string' && manifestUrl.trim() !== ''
          ? `manifestUrl must be the http(s) URL the app serves its manifest at, e.g. http://127.0.0.1:3000/manifest.json, not ${JSON.stringify(manifestUrl)}: the service installs an app from its URL (apps validate also reads a file).`
          : "manifestUrl is required: the http(s) URL of the app's manifest.json, e.g. http://127.0.0.1:3000/manifest.json.",
      );
    }
    const projects = this.readProjects(request.projects);
    const refuse = (error: ControlError): never => {
      this.installations.problem(null, {
        severity: 'error',
        code: error.code,
        message: `Install of ${manifestUrl}: ${error.message}`,
      });
      throw error;
    };

    let value: unknown;
    try {
      value = await readManifest(manifestUrl, this.caller);
    } catch (e) {
      if (!(e instanceof ManifestSourceError)) throw e;
      const status = e.code === 'notJson' || e.code === 'tooLarge' ? 422 : 502;
      return refuse(
        new ControlError(status, `manifest${e.code[0]!.toUpperCase()}${e.code.slice(1)}`, e.message),
      );
    }
    const { report, manifest } = validateManifest(value);
    if (!manifest) {
      return refuse(
        new ControlError(
          422,
          'manifestInvalid',
          `The manifest has ${report.errors.length} error${report.errors.length === 1 ? '' : 's'}: ${problemLine(report.errors[0]!)}`,
          {
            problems: [...report.errors, ...report.warnings],
          },
        ),
      );
    }
    if (!manifest.baseUrl) {
      return refuse(
        new ControlError(
          422,
          'serverless',
          'A serverless app (no baseUrl) has nothing the emulator can call; give the manifest a baseUrl.',
        ),
      );
    }
    const existing = this.installations.get(manifest.identifier);
    if (existing) {
      return refuse(
        new ControlError(
          409,
          'alreadyInstalled',
          `"${manifest.identifier}" is already installed (from ${existing.manifestUrl}). Uninstall it first: POST /__apps/${manifest.identifier}/uninstall.`,
        ),
      );
    }
    const baseUrl = manifest.baseUrl.replace(/\/+$/, '');
    const sameBase = this.installations.list().find((a) => a.baseUrl === baseUrl);
    if (sameBase) {
      return refuse(
        new ControlError(
          409,
          'baseUrlTaken',
          `Each app must have a unique baseUrl; "${sameBase.appId}" already uses ${baseUrl}.`,
        ),
      );
    }
    const refusal = this.caller.refusal(baseUrl);
    if (refusal) return refuse(new ControlError(422, 'notLoopback', `baseUrl ${refusal}`));
    const authType = manifest.authentication.type ?? 'none';
    if (authType !== 'none') {
      const clientId = manifest.authentication.clientId!;
      const client = this.installations.client(clientId);
      if (!client) {
        const { message, inView } = unknownClient(clientId, manifest.name, manifest.scopes);
        return refuse(new ControlError(422, 'unknownClient', message, { inView }));
      }
      const beyond = scopesBeyond(manifest.scopes, client.scopes);
      if (beyond.length) {
        return refuse(
          new ControlError(
            422,
            'scopesExceed',
            `${SCOPES_EXCEED_ERROR} (${beyond.join(', ')} beyond ${client.scopes.join(' ')}).`,
          ),
        );
      }
    }

    const installer = this.data.users[0]!;
    const app = this.installations.create({
      manifest,
      manifestUrl,
      installer,
      projects,
      warnings: report.warnings,
    });
    const steps = manifest.modules?.['workflow-step-type'] ?? [];
    if (steps.length && !this.enterprise()) {
      app.problems.push({
        at: new Date(this.config.clock()).toISOString(),
        severity: 'warning',
        code: 'stepsNotOffered',
        message:
          'Workflow steps are Crowdin Enterprise only: on crowdin.com the service installs the app but does not offer its step. Start the emulator with --organization DOMAIN to add the step to a workflow.',
      });
    }
    // The manifest's own check (rule step-scope) sees only the scopes it lists; one that lists none gets
    // the OAuth app's, which may lack the scope too.
    if (
      steps.length &&
      !grants(app.scopes.join(' '), 'project') &&
      !report.warnings.some((w) => w.rule === 'step-scope')
    ) {
      app.problems.push({
        at: new Date(this.config.clock()).toISOString(),
        severity: 'warning',
        code: 'stepScopeMissing',
        message: `Its tokens carry ${app.scopes.join(' ') || 'no scope'}, without the "project" scope the string-status API needs: every PATCH of its agent is refused (403). Register the OAuth app again with that scope (\`npm run emulator -- apps client --name "${app.client?.name ?? 'NAME'}" --scopes "project"\`) and install the app again.`,
      });
    }
    const installed = manifest.events?.installed;
    if (installed) {
      const payload: Record<string, unknown> = {
        appId: app.appId,
        appSecret: app.secret,
        clientId: manifest.authentication.clientId ?? null,
        userId: installer.id,
        organizationId: ORGANIZATION_ID,
        domain: this.config.organization,
        baseUrl: webOrigin(this.config.organization),
      };
      if (app.agent) payload.agentId = app.agent.id;
      const { result, record } = await this.deliveries.sendOnce({
        kind: 'installed',
        app,
        event: 'installed',
        method: 'POST',
        url: `${app.baseUrl}${installed}`,
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.from(JSON.stringify(payload)),
      });
      const attempt = record.attempts[0]!;
      if (!attempt.ok) {
        this.removeInstallation(app);
        const why = result.error
          ? result.error.message
          : `it answered ${result.status}${attempt.answerStart ? `: ${attempt.answerStart.slice(0, 200)}` : ''}`;
        return refuse(
          new ControlError(
            502,
            'installRefused',
            `The app did not accept the installed event at ${record.url} (${why}); the installation was removed. Any 2xx completes an install.`,
            { answer: attempt },
          ),
        );
      }
    }
    app.state = 'installed';
    this.stream.emit({ type: 'apps' });
    return app;
  }

  private readProjects(raw: InstallRequest['projects']): number[] | 'all' {
    if (raw === undefined || raw === 'all') return 'all';
    if (!Array.isArray(raw) || raw.length === 0 || raw.some((p) => !Number.isInteger(p))) {
      throw new ControlError(
        400,
        'invalidRequest',
        `projects must be "all" or a non-empty list of project ids, e.g. [${this.data.project.id}]; an app installed for no project could not be used.`,
      );
    }
    const unknown = raw.filter((p) => p !== this.data.project.id);
    if (unknown.length) {
      throw new ControlError(
        404,
        'unknownProject',
        `No project ${unknown.join(', ')}: the emulator serves project ${this.data.project.id}.`,
      );
    }
    return raw;
  }

  private removeInstallation(app: Installation): void {
    for (const grantId of app.grantIds) this.store.revokeGrant(grantId);
    this.deliveries.cancelApp(app.appId);
    this.steps.deactivate(app.appId);
    this.installations.remove(app.appId);
  }

  async uninstall(appId: string): Promise<UninstallResponse> {
    const app = this.installations.require(appId);
    const m = app.manifest;
    let answer = null;
    if (m.events?.uninstall) {
      // The docs' payload, plus appSecret: the official framework refuses an uninstall without it.
      const payload = {
        appId: app.appId,
        appSecret: app.secret,
        clientId: m.authentication.clientId ?? null,
        organizationId: ORGANIZATION_ID,
        domain: this.config.organization,
        baseUrl: webOrigin(this.config.organization),
      };
      const { record } = await this.deliveries.sendOnce({
        kind: 'uninstall',
        app,
        event: 'uninstall',
        method: 'POST',
        url: `${app.baseUrl}${m.events.uninstall}`,
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.from(JSON.stringify(payload)),
      });
      answer = record.attempts[0]!;
      if (!answer.ok) {
        this.installations.problem(null, {
          severity: 'warning',
          code: 'uninstallRefused',
          deliveryId: record.id,
          message: `"${appId}" did not accept the uninstall event (${outcomeWords(answer)}); it was uninstalled anyway.`,
        });
      }
    }
    this.removeInstallation(app);
    return { appId, answer };
  }

  // ---- workflow steps -----------------------------------------------------------------------------------

  addStep(appId: string, request: AddStepRequest): Step {
    const app = this.installations.require(appId);
    if (!this.enterprise()) {
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
    const step = this.steps.add({
      projectId,
      appId,
      moduleKey: type.key,
      title: typeof request.title === 'string' && request.title.trim() ? request.title.trim() : type.name,
      languages,
      outputs: type.boundaries.outputs,
      createdAt: this.config.clock(),
    });
    if (subscribedModules(app.manifest, STEP_EVENT, 'crowdin-enterprise').length === 0) {
      this.installations.problem(appId, {
        severity: 'warning',
        code: 'noStepWebhook',
        message: `Step ${step.id} was added, but "${appId}" has no webhook module for ${STEP_EVENT}: strings that reach the step are never delivered (the service does the same, silently).`,
      });
    }
    this.stream.emit({ type: 'apps' });
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
      const s = findString(this.config.data, r.stringId);
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
    const step = this.steps.require(stepId);
    const app = this.installations.get(step.appId);
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
    const { pairs, incomplete } = await this.steps.putInTurns(
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
    const token = personalAccessToken(this.config, app.installer.id, 'project');
    const ids: number[] = [];
    for (let offset = 0; ; offset += 500) {
      const path = `/api/v2/projects/${this.data.project.id}/strings?limit=500&offset=${offset}&croql=${encodeURIComponent(croql)}`;
      const res = await this.request(path, { headers: { Authorization: `Bearer ${token}` } });
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
      if (body.data.length < 500) return ids;
    }
  }

  /** Queues the step event of each pair for every webhook module of the app subscribed to it. */
  private queueStepPairs(app: Installation, pairs: StepPair[]): void {
    if (pairs.length === 0) return;
    const modules = subscribedModules(app.manifest, STEP_EVENT, this.edition());
    if (modules.length === 0) {
      this.installations.problem(app.appId, {
        severity: 'warning',
        code: 'noStepWebhook',
        message: `${pairs.length} string${pairs.length === 1 ? '' : 's'} reached a step of "${app.appId}", but it has no webhook module for ${STEP_EVENT}: nothing was delivered (the service does the same, silently).`,
      });
      return;
    }
    const items: PendingEvent[] = pairs.map((pair) => ({ type: 'step', pair, userId: app.installer.id }));
    for (const key of modules) this.deliveries.enqueue(app, key, items);
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
    const pairs = this.steps.retrigger(step, { stringIds: request.stringIds, languages });
    this.queueStepPairs(app, pairs);
    this.statusesChanged(step);
    return { stepId, retriggered: pairs.length };
  }

  private statusesChanged(step: Step): void {
    this.stream.emit({ type: 'statuses', stepId: step.id, counts: this.steps.counts(step) });
  }

  // ---- events -------------------------------------------------------------------------------------------

  trigger(appId: string, request: TriggerRequest): TriggerResponse {
    const app = this.installations.require(appId);
    const event = request.event;
    if (event === STEP_EVENT) {
      throw new ControlError(
        400,
        'useSend',
        `${STEP_EVENT} is sent when strings reach a step: POST /__apps/steps/{stepId}/send.`,
      );
    }
    if (event === undefined || event === null || event === '') {
      const subscribed = [
        ...new Set(
          (app.manifest.modules?.webhook ?? [])
            .filter((w) => moduleActive(w, app.manifest, this.edition()))
            .flatMap((w) => w.events)
            .filter((e) => e !== STEP_EVENT && DOCUMENTED_EVENTS.includes(e)),
        ),
      ];
      throw new ControlError(
        400,
        'invalidRequest',
        `event is required: the documented event to emit, e.g. {"event": "file.added", "fileId": 1}. ` +
          (subscribed.length > 0
            ? `"${appId}" subscribes to ${subscribed.join(', ')}.`
            : `"${appId}" has no webhook module that subscribes to an event it can be sent.`),
      );
    }
    if (typeof event !== 'string' || !DOCUMENTED_EVENTS.includes(event)) {
      throw new ControlError(
        400,
        'unknownEvent',
        `${JSON.stringify(event)} is not a documented event. Events: ${DOCUMENTED_EVENTS.filter((e) => e !== STEP_EVENT).join(', ')}.`,
      );
    }
    const modules = subscribedModules(app.manifest, event, this.edition());
    if (modules.length === 0) {
      throw new ControlError(
        409,
        'notSubscribed',
        `No webhook module of "${appId}" subscribes to ${event}${this.enterprise() ? '' : ' on crowdin.com'}.`,
      );
    }
    const actor = request.userId === undefined ? app.installer : this.users(request.userId);
    if (!actor) throw new ControlError(404, 'unknownUser', `No user ${request.userId}.`);
    let built: object;
    try {
      built = new EventBuilder(this.world()).event(event, request, actor);
    } catch (e) {
      if (e instanceof EventSubjectError) throw new ControlError(404, 'unknownSubject', e.message);
      throw e;
    }
    for (const key of modules) this.deliveries.enqueue(app, key, [{ type: 'event', event: built }]);
    return { event, modules };
  }

  /** A batch's events from live objects; step pairs whose string is no longer waiting are left out. */
  batchEvents(app: Installation, items: PendingEvent[]): { events: object[]; pairs: StepPair[] } {
    const builder = new EventBuilder(this.world());
    const events: object[] = [];
    const pairs: StepPair[] = [];
    for (const item of items) {
      if (item.type === 'event') {
        events.push(item.event);
        continue;
      }
      const { pair } = item;
      const step = this.steps.get(pair.stepId);
      const string = findString(this.data, pair.stringId);
      if (
        !step?.active ||
        !string ||
        this.steps.record(step, pair.languageId, pair.stringId).status !== 'NEED_PROCESS'
      )
        continue;
      events.push(
        builder.stepEvent({
          string,
          languageId: pair.languageId,
          step: {
            id: step.id,
            title: step.title,
            languages: step.languages,
            appId: app.appId,
            moduleKey: step.moduleKey,
          },
          originEvent: pair.originEvent,
          user: this.users(item.userId),
        }),
      );
      pairs.push(pair);
    }
    return { events, pairs };
  }

  close(): void {
    this.deliveries.close();
    this.caller.close();
  }
}
