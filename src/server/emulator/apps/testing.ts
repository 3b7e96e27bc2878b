// A real app for the tests and the bench: a node:http server on 127.0.0.1 (port 0) that serves a manifest,
// answers the installed and uninstall events and webhooks, records every request, and can be told to answer
// slowly, with an error, a redirect, garbage or a huge body, or never.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  STEP_EVENT,
  type AppInfo,
  type ControlErrorBody,
  type InstallRequest,
  type StepInfo,
} from '../../../wire/apps.ts';
import { sendControl, type RouteRequest } from '../../../wire/apps-control.ts';
import { APPS_ROUTES, routePath, type AnswerOf, type AnyRoute } from '../../../wire/apps-routes.ts';

export interface SinkRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

export type Reply =
  | { status?: number; body?: string | Buffer; headers?: Record<string, string>; delayMs?: number }
  | 'hang'
  | 'garbage';

type Handler = (req: SinkRequest) => Reply | Promise<Reply>;

export class TestApp {
  readonly requests: SinkRequest[] = [];
  url = '';
  manifest: Record<string, unknown> = {};
  private routes = new Map<string, Handler>();
  private waiters: { match: (r: SinkRequest) => boolean; resolve: (r: SinkRequest) => void }[] = [];
  private sockets = new Set<Socket>();
  private server: Server;

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const body = Buffer.concat(chunks);
        const path = req.url ?? '/';
        const request: SinkRequest = {
          method: req.method ?? 'GET',
          path,
          headers: req.headers,
          body,
          json: <T>() => JSON.parse(body.toString('utf8')) as T,
        };
        this.requests.push(request);
        const waiter = this.waiters.findIndex((w) => w.match(request));
        if (waiter >= 0) this.waiters.splice(waiter, 1)[0]!.resolve(request);
        const handler = this.routes.get(`${request.method} ${path.split('?')[0]}`);
        const reply: Reply = handler
          ? await handler(request)
          : path === '/manifest.json'
            ? { body: JSON.stringify(this.manifest), headers: { 'Content-Type': 'application/json' } }
            : { status: request.method === 'POST' && path === '/webhooks' ? 200 : 204 };
        if (reply === 'hang') return;
        if (reply === 'garbage') {
          req.socket.end('THIS IS NOT HTTP\r\n\r\n');
          return;
        }
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, reply.headers);
        res.end(reply.body);
      });
    });
    this.server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  static async start(manifest?: (base: string) => Record<string, unknown>): Promise<TestApp> {
    const app = new TestApp();
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    app.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    app.manifest = manifest ? manifest(app.url) : {};
    return app;
  }

  /** Answers `METHOD /path` with the handler's reply from now on. */
  on(route: string, handler: Handler | Reply): this {
    this.routes.set(route, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  /** The next request matching `route` (`METHOD /path`) that arrives from now on. */
  next(route: string, timeoutMs = 60_000): Promise<SinkRequest> {
    const [method, path] = route.split(' ');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${route} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match: (r) => r.method === method && r.path.split('?')[0] === path,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      });
    });
  }

  received(route: string): SinkRequest[] {
    const [method, path] = route.split(' ');
    return this.requests.filter((r) => r.method === method && r.path.split('?')[0] === path);
  }

  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A workflow-step app's manifest, as the docs' example has it, served from `base`. */
export function stepAppManifest(
  base: string,
  clientId: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    identifier: 'test-step-app',
    name: 'Test Step App',
    baseUrl: base,
    authentication: { type: 'crowdin_agent', clientId },
    agent: { username: 'test-step-agent', name: 'Test Step' },
    events: { installed: '/installed', uninstall: '/uninstall' },
    scopes: ['project'],
    modules: {
      'workflow-step-type': [
        {
          key: 'review',
          name: 'Review',
          boundaries: {
            input: { title: 'Input', ports: ['all'] },
            outputs: [
              { title: 'Good', port: 'translated' },
              { title: 'Bad', port: 'untranslated' },
            ],
          },
        },
      ],
      webhook: [{ key: 'step-hook', url: '/webhooks', events: [STEP_EVENT, 'file.added'] }],
    },
    ...extra,
  };
}

/** Adds the step app's `review` step to project 1. */
export async function addStep(base: string, appId: string, languages?: string[]): Promise<StepInfo> {
  const { status, json } = await call(base, APPS_ROUTES.addStep, {
    params: [appId],
    body: {
      projectId: 1,
      moduleKey: 'review',
      languages,
    },
  });
  if (status !== 201) throw new Error(`adding a step answered ${status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * A call of `route` of the `/__apps` table against a running emulator, its method and path from the table:
 * the request is the wire's (sendControl, as every client sends it), the answer read whatever its status, so
 * a test can check a refusal's status and body too (`T` then says what the refusal's JSON holds).
 */
export async function call<R extends AnyRoute, T = AnswerOf<R>>(
  base: string,
  route: R,
  request: Omit<RouteRequest<R>, 'signal'> = {},
): Promise<{ status: number; json: T }> {
  const path = routePath(route, request.params ?? [], request.query);
  const res = await sendControl(fetch, `${base}${path}`, route.method, request.body);
  return { status: res.status, json: (await res.json()) as T };
}

/**
 * A request to any path with any method, for a control route outside the `/__apps` table or a test that sends
 * what the table would not (a wrong method, path or body): otherwise as `call`.
 */
export async function control<T = Record<string, unknown>>(
  base: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await sendControl(fetch, `${base}${path}`, method, body);
  return { status: res.status, json: (await res.json()) as T };
}

/** A step app installed by installStepApp: the app, its ids and secrets, and its agent token. */
export interface InstalledStepApp {
  app: TestApp;
  appId: string;
  secret: string;
  agentId: number;
  clientId: string;
  clientSecret: string;
  token: string;
}

/**
 * Installs `app` from the manifest it serves, with `extra` in the request (projects, access): the AppInfo, or
 * an error with what the emulator answered instead of 201.
 */
export async function installApp(
  base: string,
  app: TestApp,
  extra: Omit<InstallRequest, 'manifestUrl'> = {},
): Promise<AppInfo> {
  const { status, json } = await call<typeof APPS_ROUTES.install, AppInfo & ControlErrorBody>(
    base,
    APPS_ROUTES.install,
    { body: { manifestUrl: `${app.url}/manifest.json`, ...extra } },
  );
  if (status !== 201) throw new Error(`install answered ${status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * Registers an OAuth app, starts a step app on a real port, installs it and takes an agent token: the path
 * of a workflow-step app such as CroQL Router.
 */
export async function installStepApp(
  base: string,
  options: { scopes?: string; extra?: Record<string, unknown>; name?: string } = {},
): Promise<InstalledStepApp> {
  const { json: client } = await call<typeof APPS_ROUTES.clients, { clientId: string; clientSecret: string }>(
    base,
    APPS_ROUTES.clients,
    {
      body: {
        name: options.name ?? 'Test Step App',
        scopes: options.scopes ?? 'project',
      },
    },
  );
  const app = await TestApp.start((url) => stepAppManifest(url, client.clientId, options.extra));
  const installedEvent = app.next('POST /installed');
  const { status, json } = await call<
    typeof APPS_ROUTES.install,
    {
      appId: string;
      appSecret: string;
      agent: { id: number };
      error?: unknown;
    }
  >(base, APPS_ROUTES.install, { body: { manifestUrl: `${app.url}/manifest.json` } });
  if (status !== 201) throw new Error(`install answered ${status}: ${JSON.stringify(json)}`);
  const event = (await installedEvent).json<{
    appSecret: string;
    userId: number;
    agentId: number;
    domain: string | null;
  }>();
  const tokenRes = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'crowdin_agent',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      app_id: json.appId,
      app_secret: event.appSecret,
      domain: event.domain ?? '',
      user_id: event.userId,
      agent_id: event.agentId,
    }),
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  return { app, appId: json.appId, secret: json.appSecret, agentId: json.agent.id, ...client, token };
}
