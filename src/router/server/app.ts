// The router's HTTP face, with the paths its manifest announces (manifest.ts ROUTES): the manifest, the
// installed and uninstall events, the signed webhook, the step's settings callbacks, and the settings page's
// API. Each refusal says what was wrong, in the shapes the official framework answers with where it has one.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { appHosts, securityHeaders, type AppHosts } from '../../app-server/security-headers.ts';
import type { PageState } from '../page-state.ts';
import { planSettings, type RuleProblem, type RulePlan } from '../plan.ts';
import { readSettings } from '../settings.ts';
import { JwtError, tokenOf, verifyServiceJwt, type ServiceClaims } from './auth.ts';
import { ApiError, CrowdinClient, Limiter, type Endpoints } from '../../app-server/crowdin.ts';
import { readInstalled } from '../../app-server/installation.ts';
import { RouterEngine, type Logger } from './engine.ts';
import { startDeliveries, stepItems, type Deliveries } from './deliveries.ts';
import { LOGO_SVG, manifest, ROUTES, STEP_MODULE_KEY, WEBHOOK_MODULE_KEY } from './manifest.ts';
import { checkValues, projectData, projectDataWithin } from './project.ts';
import { RouterMetrics } from './metrics.ts';
import { countDeliveries, operationRoutes } from './operations.ts';
import { webhookGuard } from './webhook-guard.ts';
import { callbackRefusal, contextStep, installationRefusal, stepRefusal } from './step-access.ts';
import { organizationKey, type Installation, type RouterStore, type StepRecord } from './store.ts';

export interface RouterConfig {
  /** The manifest's `identifier`. */
  identifier: string;
  /** What the manifest announces as `baseUrl`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  endpoints: Endpoints;
  /**
   * Who may frame the pages and serve their bridge (F4). Default: Crowdin, and the accounts host when it is
   * not Crowdin's (an emulator).
   */
  hosts?: AppHosts;
}

export interface RouterOptions {
  config: RouterConfig;
  store: RouterStore;
  log: Logger;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Passed to the engine and the API clients (tests shorten the waits). */
  engine?: Partial<ConstructorParameters<typeof RouterEngine>[0]>;
  client?: { attempts?: number; maxWaitMs?: number; sleep?: (ms: number) => Promise<void> };
  /** Counts what /metrics serves (one is made when absent). */
  metrics?: RouterMetrics;
  /** API requests in flight at once per organization (default 4; the service allows 20 per account). */
  apiConcurrency?: number;
  /** Serves the settings page (page.ts); absent, the page route answers 503. */
  page?: (c: Context) => Promise<Response> | Response;
}

export interface RouterServer {
  app: Hono;
  engine: RouterEngine;
  /** Where the webhook route keeps a delivery before it answers. */
  deliveries: Deliveries;
  metrics: RouterMetrics;
  client(organization: string): CrowdinClient | null;
}

const MAX_CALL_BYTES = 1024 * 1024;
/** How long a settings save waits for the project's members and languages before checking without them. */
const PROJECT_DATA_WAIT_MS = 3000;

export function createRouter(options: RouterOptions): RouterServer {
  const { config, store, log } = options;
  const metrics = options.metrics ?? new RouterMetrics();
  // Strings kept and not yet routed, across every instance on this store (store/inbox.ts).
  metrics.setInboxDepth(async () => (await store.inbox.depth()).total);
  const outgoing = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const clients = new Map<string, CrowdinClient>();
  // One limit per organization, whichever client object (a re-install makes a new one) is asking.
  const limiters = new Map<string, Limiter>();
  const limiterOf = (organization: string) => {
    let l = limiters.get(organization);
    if (!l) limiters.set(organization, (l = new Limiter(options.apiConcurrency ?? 4)));
    return l;
  };
  const clientOf = (installation: Installation) =>
    new CrowdinClient(installation, {
      endpoints: config.endpoints,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      fetch: metrics.countingFetch(
        organizationKey(installation.domain, installation.organizationId),
        outgoing,
      ),
      limiter: limiterOf(organizationKey(installation.domain, installation.organizationId)),
      ...options.client,
    });
  const client = (organization: string): CrowdinClient | null => {
    const installation = store.installation(organization);
    if (!installation) return null;
    let c = clients.get(organization);
    if (!c || c.installation !== installation) clients.set(organization, (c = clientOf(installation)));
    return c;
  };
  const engine = new RouterEngine({ store, client, log, ...options.engine });
  const deliveries = startDeliveries(store, engine, log);
  const app = new Hono();
  app.use('*', securityHeaders(config.hosts ?? appHosts({ emulator: emulatorOf(config.endpoints) })));

  app.onError((error, c) => {
    log.error(`${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return c.json({ error: { message: 'Internal error in CroQL Router; its log has the details.' } }, 500);
  });

  app.get(ROUTES.manifest, (c) =>
    c.json(manifest({ identifier: config.identifier, baseUrl: config.baseUrl, clientId: config.clientId })),
  );
  app.get(ROUTES.logo, (c) => c.body(LOGO_SVG, 200, { 'Content-Type': 'image/svg+xml' }));
  operationRoutes(app, {
    reachable: () => store.reachable(),
    installations: () => store.installations().length,
    pending: () => engine.pending(),
    metrics,
  });

  const smallJson = bodyLimit({
    maxSize: MAX_CALL_BYTES,
    onError: (c) => c.json({ error: { message: `The body is larger than ${MAX_CALL_BYTES} bytes.` } }, 413),
  });

  // -------------------------------------------------------------------------------------------------------
  // Installation

  app.post(ROUTES.installed, smallJson, async (c) => {
    const body = await jsonBody(c);
    const installation = readInstalled(body, {
      required: ['agentId'],
      hint: '(agentId: the app must use crowdin_agent)',
    });
    if (typeof installation === 'string') return c.json({ error: { message: installation } }, 400);
    if (installation.clientId !== config.clientId) {
      return c.json(
        {
          error: {
            message: `This router serves the OAuth app ${config.clientId}, not ${installation.clientId}.`,
          },
        },
        400,
      );
    }
    const organization = organizationKey(installation.domain, installation.organizationId);
    try {
      await clientOf(installation).accessToken();
    } catch (e) {
      const message = e instanceof ApiError ? e.message : String(e);
      log.error(`Install for ${organization} refused: the crowdin_agent token grant failed (${message}).`);
      return c.json({ error: { message: `The crowdin_agent token grant failed: ${message}` } }, 502);
    }
    await store.install(organization, installation);
    clients.delete(organization);
    log.info(`Installed for ${organization} (agent ${installation.agentId}).`);
    return c.body(null, 204);
  });

  app.post(ROUTES.uninstall, smallJson, async (c) => {
    const body = (await jsonBody(c)) as Record<string, unknown> | null;
    const organizationId = body?.organizationId;
    if (!body || (typeof organizationId !== 'number' && typeof organizationId !== 'string')) {
      return c.json({ error: 'Invalid request' }, 400);
    }
    const organization = organizationKey(body.domain as string | null, organizationId);
    const installation = await store.knownInstallation(organization);
    if (!installation) return c.body(null, 204);
    // The docs list no appSecret in this event; the service sends it, and the official framework requires it.
    if (typeof body.appSecret !== 'string' || body.appSecret !== installation.appSecret) {
      return c.json({ error: 'Access denied' }, 403);
    }
    await store.uninstall(organization);
    clients.delete(organization);
    log.info(`Uninstalled for ${organization}: its installation and step settings are forgotten.`);
    return c.body(null, 204);
  });

  // -------------------------------------------------------------------------------------------------------
  // Deliveries

  app.post(
    ROUTES.webhook,
    countDeliveries(metrics, (organization) => store.installation(organization) !== undefined),
    webhookGuard({
      appSecret: async (organization) => (await store.knownInstallation(organization))?.appSecret,
      refused: (organization, reason) =>
        log.warn(
          `A delivery for ${organization ?? 'an unnamed organization'} was refused (${reason}); nothing routed.`,
        ),
    }),
    async (c) => {
      // Read and its signature checked by the guard, which refused the rest (webhook-guard.ts).
      const { organization, moduleKey, body: raw } = c.get('delivery');
      if (moduleKey !== WEBHOOK_MODULE_KEY) return c.json({ error: `Unknown module ${moduleKey}` }, 404);
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder().decode(raw));
      } catch {
        return c.json({ error: 'Invalid request: the body is not JSON' }, 400);
      }
      const delivery = stepItems(parsed);
      if (!delivery) return c.json({ error: 'Invalid request: the body is not {"events": [...]}' }, 400);
      for (const reason of delivery.skipped) log.warn(`A delivery for ${organization} skipped ${reason}.`);
      const ours = delivery.items;
      metrics.accepted(organization, ours);
      try {
        // Kept before the answer: a 2xx promises the strings are routed, whatever happens to this process.
        if (ours.length) await deliveries.keep(organization, raw, ours);
      } catch (e) {
        log.error(
          `A delivery for ${organization} could not be kept, so it was refused: ${(e as Error).message}`,
        );
        return c.json({ error: 'The router cannot store the delivery now; send it again later.' }, 503);
      }
      // In the inbox right after the answer; repeats are dropped there (the log says how many).
      return c.json({ received: ours.length });
    },
  );

  // -------------------------------------------------------------------------------------------------------
  // The step's settings callbacks (JWT from the service)

  const serviceClaims = async (c: Context): Promise<ServiceClaims | Response> => {
    const token = tokenOf(c.req.header('authorization'), c.req.query('jwtToken'));
    if (!token)
      return c.json({ error: { message: 'No token: the service sends one with every call.' } }, 401);
    let claims: ServiceClaims;
    try {
      claims = await verifyServiceJwt(token, config);
    } catch (e) {
      if (e instanceof JwtError) return c.json({ error: { message: e.message } }, 401);
      throw e;
    }
    if (claims.module !== null && claims.module !== STEP_MODULE_KEY) {
      return c.json({ error: { message: `The token is for module ${claims.module}.` } }, 403);
    }
    const installation = await store.knownInstallation(claims.organization);
    if (!installation) {
      return c.json({ error: { message: `CroQL Router is not installed for ${claims.organization}.` } }, 403);
    }
    const refused = installationRefusal(claims, installation);
    if (refused) return c.json({ error: { message: refused.message } }, refused.status);
    return claims;
  };

  /** Checks settings with the core (and the project's names) and saves them for the step; the problems else. */
  async function saveSettings(
    organization: string,
    target: Pick<StepTarget, 'stepId' | 'projectId'> & Partial<StepTarget>,
    value: unknown,
  ): Promise<{ ok: true; plans: RulePlan[] } | { ok: false; problems: RuleProblem[] }> {
    const shape = readSettings(value);
    if (!shape.ok) return shape;
    const api = client(organization)!;
    const data =
      target.projectId === null ? null : await projectDataWithin(api, target.projectId, PROJECT_DATA_WAIT_MS);
    const check = planSettings(shape.settings, checkValues(data));
    if (!check.ok) return check;
    const templateId = target.templateId ?? null;
    const previous = await store.freshStep(organization, target.stepId, templateId);
    const record: StepRecord = {
      organization,
      stepId: target.stepId,
      projectId: target.projectId ?? previous?.projectId ?? null,
      workflowId: target.workflowId ?? previous?.workflowId ?? null,
      templateId,
      settings: shape.settings,
      savedAt: new Date().toISOString(),
      languages: previous?.languages ?? [],
    };
    await store.saveStep(record);
    engine.setPlans(record, check.plans);
    const paths = check.plans.map(
      (p, i) => `rule ${i + 1} ${p.path === 'local' ? 'local' : 'through the listing'}`,
    );
    log.info(
      `Settings of step ${record.stepId} saved for ${organization}: ${check.plans.length} rules ` +
        `(${paths.join(', ') || 'none'}), default "${shape.settings.default}".`,
    );
    if (record.templateId === null) void afterSave(record);
    return { ok: true, plans: check.plans };
  }

  app.post(ROUTES.updateSettings, smallJson, async (c) => {
    const claims = await serviceClaims(c);
    if (claims instanceof Response) return claims;
    const body = await jsonBody(c);
    const target = readStepTarget(body, claims);
    if (typeof target === 'string') return c.json({ error: { message: target } }, 400);
    const refused = await callbackRefusal(
      claims,
      target,
      await store.freshStep(claims.organization, target.stepId, target.templateId),
      client(claims.organization)!,
    );
    if (refused) return c.json({ error: { message: refused.message } }, refused.status);
    const saved = await saveSettings(claims.organization, target, (body as Record<string, unknown>).settings);
    if (!saved.ok) {
      return c.json(
        { error: { message: saved.problems.map((p) => p.message).join(' '), problems: saved.problems } },
        400,
      );
    }
    return c.json({
      data: { plans: saved.plans.map(({ query, output, path, why }) => ({ query, output, path, why })) },
    });
  });

  /** After a save: learn the step's languages, then route what it had parked. */
  async function afterSave(record: StepRecord): Promise<void> {
    const api = client(record.organization);
    if (!api || record.projectId === null) return;
    try {
      const step = await api.request<{ data?: { languages?: unknown } }>(
        'GET',
        `/projects/${record.projectId}/workflow-steps/${record.stepId}`,
      );
      const languages = step.data?.languages;
      if (Array.isArray(languages)) {
        const ids = languages.filter((l): l is string => typeof l === 'string');
        const fresh = ids.filter((l) => !record.languages.includes(l));
        if (fresh.length) {
          record.languages.push(...fresh);
          await store.saveStep(record);
        }
      }
    } catch (e) {
      log.warn(
        `Could not read step ${record.stepId} of project ${record.projectId}: ${(e as Error).message}.`,
      );
    }
    await engine.rerouteParked(record);
  }

  app.delete(ROUTES.deleteSettings, smallJson, async (c) => {
    const claims = await serviceClaims(c);
    if (claims instanceof Response) return claims;
    const target = readStepTarget(await jsonBody(c), claims);
    if (typeof target === 'string') return c.json({ error: { message: target } }, 400);
    const refused = await callbackRefusal(
      claims,
      target,
      await store.freshStep(claims.organization, target.stepId, target.templateId),
      client(claims.organization)!,
    );
    if (refused) return c.json({ error: { message: refused.message } }, refused.status);
    await store.deleteStep(claims.organization, target.stepId, target.templateId);
    log.info(`Step ${target.stepId} deleted for ${claims.organization}: its settings are forgotten.`);
    return c.body(null, 204);
  });

  // -------------------------------------------------------------------------------------------------------
  // The settings page and what it asks its backend for (the page's JWT as Bearer)

  app.get(`${ROUTES.pageApi}/state`, async (c) => {
    const claims = await serviceClaims(c);
    if (claims instanceof Response) return claims;
    // Only the token's project (step-access.ts): a token without one is offered no step's rules.
    const projectId = claims.projectId;
    // The page's URL carries no step (jwtToken, origin, clientId): a host may add `stepId`, or name the step
    // in the token's context. Else the page is offered the rules of the project's steps to start from.
    const stepId = numberParam(c.req.query('stepId')) ?? contextStep(claims);
    if (stepId !== null) {
      const refused = stepRefusal(claims, stepId, await store.freshStep(claims.organization, stepId));
      if (refused) return c.json({ error: { message: refused.message } }, refused.status);
    }
    // As the database has them now: rules saved through another instance show at once.
    const saved = (await store.freshSteps())
      .filter(
        (s) =>
          projectId !== null &&
          s.organization === claims.organization &&
          s.projectId === projectId &&
          s.settings,
      )
      .sort((a, b) => (b.savedAt ?? '').localeCompare(a.savedAt ?? ''));
    const state: PageState = {
      stepId,
      settings: stepId === null ? null : (store.step(claims.organization, stepId)?.settings ?? null),
      steps:
        stepId === null
          ? saved.map((s) => ({ stepId: s.stepId, savedAt: s.savedAt, settings: s.settings! }))
          : [],
      values: null,
      problem: null,
    };
    if (projectId === null) state.problem = 'The page does not know its project, so completion has no names.';
    else {
      try {
        state.values = await projectData(client(claims.organization)!, projectId);
      } catch (e) {
        state.problem = `Could not load the project's members, languages and labels: ${(e as Error).message}`;
      }
    }
    c.header('Cache-Control', 'no-store');
    return c.json(state);
  });

  app.get(`${ROUTES.settingsPage}*`, (c) =>
    options.page ? options.page(c) : c.text('The settings page is not built in this server.', 503),
  );

  return { app, engine, metrics, client, deliveries };
}

/** The accounts host when it is not Crowdin's: an emulator, whose bridge and pages host the settings page. */
export function emulatorOf(endpoints: Endpoints): string | null {
  const host = new URL(endpoints.accountsUrl).hostname;
  return host === 'crowdin.com' || host.endsWith('.crowdin.com') ? null : endpoints.accountsUrl;
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
function numberParam(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return isInt(n) ? n : null;
}

interface StepTarget {
  stepId: number;
  /** What the body says (the target's project is the token's: step-access.ts). */
  bodyProjectId: number | null;
  projectId: number | null;
  workflowId: number | null;
  templateId: number | null;
}

/** The step a settings callback is about (workflow `{projectId, workflowId, stepId}` or template `{templateId, stepId}`). */
function readStepTarget(body: unknown, claims: ServiceClaims): StepTarget | string {
  if (typeof body !== 'object' || body === null) return 'The body must be a JSON object.';
  const b = body as Record<string, unknown>;
  const stepId = numberParam(b.stepId);
  if (stepId === null) return 'The body names no stepId.';
  const organizationId = numberParam(b.organizationId);
  if (organizationId !== null && claims.organizationId !== null && organizationId !== claims.organizationId) {
    return `The body's organization ${organizationId} is not the token's ${claims.organizationId}.`;
  }
  return {
    stepId,
    bodyProjectId: numberParam(b.projectId),
    projectId: claims.projectId,
    workflowId: numberParam(b.workflowId),
    templateId: numberParam(b.templateId),
  };
}
