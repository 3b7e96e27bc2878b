// CroQL Playground's app server: the manifest, the installed and uninstall events, the module pages, and the
// API the playground calls inside Crowdin (src/wire/playground-app.ts): its context, a read-only proxy to
// Crowdin's API with the installation's token, and the user's library. Every API request carries the module
// JWT (module-jwt.ts) and is answered only for the JWT's project and user, and only for a member of that
// project. Refusals are in Crowdin's error envelope `{error: {code, message}}`.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, CrowdinClient, type Endpoints } from '../../app-server/crowdin.ts';
import type { Logger } from '../../app-server/cli.ts';
import { organizationKey, readInstalled, type AppInstallation } from '../../app-server/installation.ts';
import {
  PLAYGROUND_APP_API,
  PLAYGROUND_MODULES,
  type LibraryDocument,
  type PlaygroundErrorBody,
  type PlaygroundRefusal,
} from '../../wire/playground-app.ts';
import { LOGO_SVG, manifest, ROUTES } from './manifest.ts';
import { moduleCaller, refusal, type ModuleCaller, type Refusal } from './module-jwt.ts';
import type { PageServer } from './pages.ts';
import { memberOf, planProxy, runProxy } from './proxy.ts';
import type { PlaygroundStore } from './store.ts';

export interface PlaygroundAppConfig {
  /** What the manifest announces as `baseUrl`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  endpoints: Endpoints;
  /**
   * The local emulator it was started against (--emulator), else null. The emulator stands for Crowdin's
   * pages there: the module context names it as `crowdinBaseUrl` (module-jwt.ts says why).
   */
  emulator?: string | null;
}

export interface PlaygroundAppOptions {
  config: PlaygroundAppConfig;
  store: PlaygroundStore;
  log: Logger;
  /** Serves the module pages and their files (pages.ts); absent, those routes answer 503. */
  pages?: PageServer;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  client?: { attempts?: number; maxWaitMs?: number; sleep?: (ms: number) => Promise<void> };
}

const MAX_EVENT_BYTES = 64 * 1024;
/** A library holds saved queries and a history: a few hundred KB at most. */
const MAX_LIBRARY_BYTES = 4 * 1024 * 1024;
/** How long a user found among a project's members stays known without asking again. */
const MEMBER_TTL_MS = 60_000;

const refuse = (c: Context, r: Refusal) =>
  c.json({ error: { code: r.code, message: r.message } } satisfies PlaygroundErrorBody, r.status);
const problem = (c: Context, status: 400 | 413 | 502, code: string, message: string) =>
  c.json({ error: { code, message } }, status);

export function createPlaygroundApp(options: PlaygroundAppOptions): Hono {
  const { config, store, log } = options;
  const clients = new Map<string, CrowdinClient>();
  const clientOf = (installation: AppInstallation) =>
    new CrowdinClient(installation, {
      endpoints: config.endpoints,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      fetch: options.fetch,
      ...options.client,
    });
  const client = (organization: string, installation: AppInstallation): CrowdinClient => {
    let c = clients.get(organization);
    if (!c || c.installation !== installation) clients.set(organization, (c = clientOf(installation)));
    return c;
  };
  const members = new Map<string, { member: Awaited<ReturnType<typeof memberOf>>; until: number }>();

  const app = new Hono();
  app.onError((error, c) => {
    log.error(`${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return c.json(
      {
        error: {
          code: 'internal',
          message: 'Internal error in the CroQL Playground app; its log has the details.',
        },
      },
      500,
    );
  });

  app.get(ROUTES.manifest, (c) => c.json(manifest({ baseUrl: config.baseUrl, clientId: config.clientId })));
  app.get(ROUTES.logo, (c) => c.body(LOGO_SVG, 200, { 'Content-Type': 'image/svg+xml' }));
  app.get('/health', (c) => c.json({ ok: true }));

  // -------------------------------------------------------------------------------------------------------
  // Installation

  const eventBody = bodyLimit({
    maxSize: MAX_EVENT_BYTES,
    onError: (c) => problem(c, 413, 'tooLarge', `The body is larger than ${MAX_EVENT_BYTES} bytes.`),
  });

  app.post(ROUTES.installed, eventBody, async (c) => {
    const installation = readInstalled(await jsonBody(c));
    if (typeof installation === 'string') return problem(c, 400, 'invalidEvent', installation);
    if (installation.clientId !== config.clientId) {
      return problem(
        c,
        400,
        'otherClient',
        `This server serves the OAuth app ${config.clientId}, not ${installation.clientId}.`,
      );
    }
    const organization = organizationKey(installation.domain, installation.organizationId);
    try {
      await clientOf(installation).accessToken();
    } catch (e) {
      const message = e instanceof ApiError ? e.message : String(e);
      log.error(`Install for ${organization} refused: the crowdin_app token grant failed (${message}).`);
      return problem(c, 502, 'grantFailed', `The crowdin_app token grant failed: ${message}`);
    }
    await store.install(organization, installation);
    clients.delete(organization);
    log.info(`Installed for ${organization} (by user ${installation.userId}).`);
    return c.body(null, 204);
  });

  app.post(ROUTES.uninstall, eventBody, async (c) => {
    const body = (await jsonBody(c)) as Record<string, unknown> | null;
    const organizationId = body?.organizationId;
    if (!body || (typeof organizationId !== 'number' && typeof organizationId !== 'string')) {
      return problem(c, 400, 'invalidEvent', 'The uninstall event names no organizationId.');
    }
    const organization = organizationKey(body.domain as string | null, organizationId);
    const installation = store.installation(organization);
    if (!installation) return c.body(null, 204);
    // As the router: the service sends the app secret, and only the service knows it.
    if (typeof body.appSecret !== 'string' || body.appSecret !== installation.appSecret) {
      return c.json({ error: { code: 'accessDenied', message: 'Access denied' } }, 403);
    }
    await store.uninstall(organization);
    clients.delete(organization);
    log.info(`Uninstalled for ${organization}; its users' libraries are kept.`);
    return c.body(null, 204);
  });

  // -------------------------------------------------------------------------------------------------------
  // The API of the pages (module JWT as Bearer)

  /** The caller, or the refusal to send. */
  const callerOf = (c: Context) =>
    moduleCaller(c.req.header('authorization'), config, (o) => store.installation(o));

  /** The caller's member record in the JWT's project, or the refusal (not a member, or Crowdin did not say). */
  async function member(caller: ModuleCaller): Promise<Parameters<typeof runProxy>[2]['member'] | Refusal> {
    const { projectId, userId } = caller.context;
    const key = `${caller.claims.organization}|${projectId}|${userId}`;
    const known = members.get(key);
    if (known && known.until > Date.now() && known.member) return known.member;
    let found;
    try {
      found = await memberOf(client(caller.claims.organization, caller.installation), projectId, userId);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return refusal(
        403,
        'notProjectMember',
        `Could not confirm that you are a member of project ${projectId}: Crowdin answered "${e.message}". Ask the administrator who installed CroQL Playground to check its access to the project.`,
      );
    }
    if (!found) {
      members.delete(key);
      return refusal(
        403,
        'notProjectMember',
        `You are not a member of project ${projectId}, so CroQL Playground shows nothing of it. Ask a project manager to add you to the project.`,
      );
    }
    members.set(key, { member: found, until: Date.now() + MEMBER_TTL_MS });
    return found;
  }

  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.get(PLAYGROUND_APP_API.context, async (c) => {
    const caller = callerOf(c);
    if ('code' in caller) return refuse(c, caller);
    const m = await member(caller);
    if ('code' in m) return refuse(c, m);
    return c.json({ ...caller.context, userLogin: caller.context.userLogin ?? m.username ?? null });
  });

  app.all(`${PLAYGROUND_APP_API.proxy}/*`, async (c) => {
    const caller = callerOf(c);
    if ('code' in caller) return refuse(c, caller);
    const prefix = `${PLAYGROUND_APP_API.proxy}/api/v2`;
    const path = c.req.path.startsWith(`${prefix}/`) ? c.req.path.slice(prefix.length) : null;
    if (path === null) {
      return refuse(
        c,
        refusal(403, 'outsideProject', `Only Crowdin's API v2 is forwarded: ${prefix}/…, not ${c.req.path}.`),
      );
    }
    const plan = planProxy(c.req.method, path, caller.context.projectId);
    if (plan.kind === 'refuse') return refuse(c, plan.refusal);
    const m = await member(caller);
    if ('code' in m) return refuse(c, m);
    const answer = await runProxy(
      plan,
      client(caller.claims.organization, caller.installation),
      { projectId: caller.context.projectId, member: m },
      c.req.query(),
      options.fetch,
    );
    if ('passThrough' in answer) {
      return c.body(answer.passThrough, answer.status as 200, answer.headers);
    }
    return c.json(answer.body as object, answer.status as 200);
  });

  app.get(PLAYGROUND_APP_API.library, async (c) => {
    const caller = callerOf(c);
    if ('code' in caller) return refuse(c, caller);
    return c.json(await store.library(caller.claims.organization, String(caller.context.userId)));
  });

  app.put(
    PLAYGROUND_APP_API.library,
    bodyLimit({
      maxSize: MAX_LIBRARY_BYTES,
      onError: (c) =>
        problem(
          c,
          413,
          'tooLarge',
          `The library is larger than ${MAX_LIBRARY_BYTES / 1024 / 1024} MB; delete some history and save again.`,
        ),
    }),
    async (c) => {
      const caller = callerOf(c);
      if ('code' in caller) return refuse(c, caller);
      const body = (await jsonBody(c)) as { library?: unknown; baseRevision?: unknown } | null;
      if (
        !body ||
        !('library' in body) ||
        typeof body.baseRevision !== 'number' ||
        !Number.isSafeInteger(body.baseRevision) ||
        body.baseRevision < 0
      ) {
        return problem(
          c,
          400,
          'invalidLibrary',
          'The body must be {"library": …, "baseRevision": N}, N the revision the library was read at (0 for none).',
        );
      }
      const saved = await store.saveLibrary(
        caller.claims.organization,
        String(caller.context.userId),
        body.library,
        body.baseRevision,
      );
      if (saved.ok) return c.json(saved.document satisfies LibraryDocument);
      const code: PlaygroundRefusal = 'libraryConflict';
      return c.json(
        {
          error: {
            code,
            message: `The library changed since revision ${body.baseRevision} (another tab or page saved revision ${saved.current.revision}): merge with the current one and save again.`,
          },
          current: saved.current,
        } satisfies PlaygroundErrorBody,
        409,
      );
    },
  );

  app.all('/api/*', (c) =>
    c.json({ error: { code: 'notFound', message: `No route ${c.req.method} ${c.req.path}.` } }, 404),
  );

  // -------------------------------------------------------------------------------------------------------
  // The module pages

  const unbuilt = (c: Context) => c.text('The playground pages are not served by this server.', 503);
  for (const module of Object.values(PLAYGROUND_MODULES)) {
    app.get(module.path, (c) => (options.pages ? options.pages.page(c) : unbuilt(c)));
  }
  app.get('/assets/*', (c) => (options.pages ? options.pages.assets(c) : unbuilt(c)));
  // The build's files from public/ (the favicon) sit at its root.
  app.get('/:file{[\\w.-]+\\.(?:svg|png|ico)}', (c) =>
    options.pages ? options.pages.assets(c) : unbuilt(c),
  );

  return app;
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}
