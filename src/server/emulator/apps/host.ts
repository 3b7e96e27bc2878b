// The emulator as the host of Crowdin apps: wires the parts (installations, steps, deliveries, grants, the
// status API, the call log) to each other and to the emulator, hands them to its concerns (installing.ts,
// workflow.ts, triggers.ts, settings.ts, module-calls.ts) and answers what the emulator's apps look like
// (the overview). The control routes call it; nothing here blocks the event loop on an app.
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppInfo, AppsOverview, AppsSettings, TlsInfo } from '../../../wire/apps.ts';
import type { EmulatorApi } from '../api/routes.ts';
import type { EmulatorConfig } from '../config.ts';
import type { Dataset, DemoUser } from '../data/model.ts';
import { verifyJwt } from '../oauth/jwt.ts';
import type { ExtraGrant } from '../oauth/routes.ts';
import type { OAuthStore } from '../oauth/store.ts';
import { bridgeScript } from './bridge.ts';
import { CallLog } from './calls.ts';
import { Deliveries } from './deliveries.ts';
import type { EventWorld } from './events.ts';
import { appGrants } from './grants.ts';
import type { HostParts } from './host-parts.ts';
import { Installations, type Installation } from './installations.ts';
import { Installing } from './installing.ts';
import { HOSTED_GROUPS } from './manifest-schema.ts';
import { moduleActive, type Edition } from './manifest.ts';
import { ModuleCalls } from './module-calls.ts';
import { ORGANIZATION_ID } from './options.ts';
import { AppCaller } from './outgoing.ts';
import { ServedFiles } from './served-files.ts';
import { StepSettings } from './settings.ts';
import { statusApiRoutes } from './status-api.ts';
import { StepStore } from './steps.ts';
import { AppsStream } from './stream.ts';
import { Triggers } from './triggers.ts';
import { UiModules } from './ui-modules.ts';
import { Workflow } from './workflow.ts';

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
  /** Install and uninstall. */
  readonly installing: Installing;
  /** Workflow steps and the strings sent to them. */
  readonly workflow: Workflow;
  /** Events triggered by hand, and the events of a batch as it goes. */
  readonly triggers: Triggers;
  /** UI modules: their pages, opened as a user, and who may open them. */
  readonly uiModules: UiModules;
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
    request: (path: string, init: RequestInit) => Promise<Response>,
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
      build: (app, items) => this.triggers.batchEvents(app, items),
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
    const parts: HostParts = {
      config,
      store,
      caller: this.caller,
      installations: this.installations,
      steps: this.steps,
      deliveries: this.deliveries,
      stream: this.stream,
      enterprise: () => this.enterprise(),
      edition: () => this.edition(),
      users: (id) => this.users(id),
      world: () => this.world(),
      request,
    };
    this.installing = new Installing(parts);
    this.workflow = new Workflow(parts);
    this.triggers = new Triggers(parts);
    this.uiModules = new UiModules(parts);
    api.extraUser = (id) => this.installations.agentUser(id);
    api.extraRoutes.push(
      statusApiRoutes({
        steps: this.steps,
        installations: this.installations,
        enterprise: () => this.enterprise(),
        projectId: () => this.data.project.id,
        changed: (step) => this.workflow.statusesChanged(step),
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

  users(id: number): DemoUser | undefined {
    return this.data.users.find((u) => u.id === id) ?? this.installations.agentUser(String(id));
  }

  world(): EventWorld {
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
      uiModules: this.uiModules.list(app),
      steps: this.steps.list({ appId: app.appId }).map((s) => this.steps.info(s)),
      problems: app.problems,
      warnings: app.warnings,
    };
  }

  close(): void {
    this.deliveries.close();
    this.caller.close();
  }
}
