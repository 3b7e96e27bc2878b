// The control routes under /__apps: what a developer (the CLI, scripts, the playground's Apps view) does
// as the service's user and admin would: register OAuth apps, install, add steps, send strings, trigger
// events, read and replay the delivery log. Shapes: src/wire/apps.ts. Only this machine may call them:
// ../control/guard.ts checks each request first (JSON on every state-changing one, even without a body;
// a loopback Host; CORS for the playground's origin only).
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import type {
  AddStepRequest,
  AppCallsResponse,
  CreateClientRequest,
  CreateClientResponse,
  DeliveriesResponse,
  FlushRequest,
  FlushResponse,
  InstallRequest,
  ModuleCallRequest,
  RetriggerRequest,
  SaveSettingsRequest,
  SendRequest,
  StepStringsResponse,
  TriggerRequest,
} from '../../../wire/apps.ts';
import { BRIDGE_PATH, DELIVERY_KINDS, DELIVERY_STATES } from '../../../wire/apps.ts';
import { controlGuard } from '../control/guard.ts';
import { deliveryDetail, deliverySummary } from './delivery-log.ts';
import { ControlError } from './errors.ts';
import type { AppsHost } from './host.ts';
import { MODULE_PAYLOAD_LIMIT } from './module-answer.ts';
import { SERVED_FILES_PATH } from './served-files.ts';
import { isStepStatus } from './steps.ts';

const MAX_CONTROL_BODY = 64 * 1024;
/** A module call may carry a file (and strings) up to the service's 5 MB, base64 and JSON around them. */
const MAX_MODULE_CALL_BODY = Math.ceil((MODULE_PAYLOAD_LIMIT * 4) / 3) + 1024 * 1024;
const MODULE_CALL_PATH = /^\/__apps\/[^/]+\/modules\/[^/]+\/call$/;
export const LOOPBACK_HOST =
  /^(127(\.\d{1,3}){3}|localhost|\[::1\]|[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost)(:\d+)?$/i;

/** The body as a JSON object; none is `{}` (the guard already required Content-Type: application/json). */
async function readJson<T>(c: Context): Promise<T> {
  const text = await c.req.text();
  if (text.trim() === '') return {} as T;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as T;
  } catch {
    throw new ControlError(400, 'notJson', 'The body is not a JSON object.');
  }
}

const PARAM_NAMES: Record<string, string> = { id: 'A delivery id', stepId: 'A step id' };

function intParam(c: Context, name: 'id' | 'stepId'): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(raw))
    throw new ControlError(404, 'notFound', `${PARAM_NAMES[name]} is an integer, not "${raw}".`);
  return Number(raw);
}

function paging(c: Context, max = 500): { offset: number; limit: number } {
  const read = (name: string, fallback: number, min: number) => {
    const raw = c.req.query(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min)
      throw new ControlError(400, 'invalidRequest', `${name} must be an integer ≥ ${min}.`);
    return Math.min(Number(raw), name === 'limit' ? max : Number.MAX_SAFE_INTEGER);
  };
  return { offset: read('offset', 0, 0), limit: read('limit', 50, 1) };
}

export function controlRoutes(host: AppsHost, controlOrigins: readonly string[]): Hono {
  const app = new Hono();

  // JSON on every state-changing request, a loopback Host, CORS for the playground's origin only.
  app.use('/__apps', ...controlGuard(controlOrigins));
  app.use('/__apps/*', ...controlGuard(controlOrigins));
  const limit = (maxSize: number, what: string) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json(new ControlError(413, 'tooLarge', `The body is larger than ${what}.`).body(), 413),
    });
  const controlLimit = limit(MAX_CONTROL_BODY, `${MAX_CONTROL_BODY / 1024} KB`);
  const moduleCallLimit = limit(
    MAX_MODULE_CALL_BODY,
    `${(MAX_MODULE_CALL_BODY / 1024 / 1024).toFixed(1)} MB (a 5 MB file, base64)`,
  );
  app.post('/__apps/*', (c, next) =>
    (MODULE_CALL_PATH.test(c.req.path) ? moduleCallLimit : controlLimit)(c, next),
  );
  app.onError((err, c) => {
    if (err instanceof ControlError) return c.json(err.body(), err.status);
    console.error('emulator: apps control route failed', err instanceof Error ? err.message : err);
    return c.json(
      { error: { code: 'internal', message: err instanceof Error ? err.message : String(err) } },
      500,
    );
  });

  app.get('/__apps', (c) => c.json(host.overview()));

  app.post('/__apps/install', async (c) => {
    const body = await readJson<InstallRequest>(c);
    const installed = await host.installing.install(body);
    return c.json(host.appInfo(installed), 201);
  });

  app.post('/__apps/clients', async (c) => {
    const body = await readJson<Partial<CreateClientRequest>>(c);
    const scopes = Array.isArray(body.scopes)
      ? body.scopes.map(String)
      : typeof body.scopes === 'string'
        ? body.scopes.split(/[\s,]+/).filter(Boolean)
        : [];
    const client = host.installations.registerClient(typeof body.name === 'string' ? body.name : '', scopes);
    const answer: CreateClientResponse = { clientId: client.id, clientSecret: client.secret };
    return c.json(answer, 201);
  });

  app.post('/__apps/flush', async (c) => {
    const body = await readJson<FlushRequest>(c);
    if (body.app !== undefined) {
      if (typeof body.app !== 'string')
        throw new ControlError(400, 'invalidRequest', 'app must be an app id.');
      host.installations.require(body.app);
    }
    const answer: FlushResponse = host.deliveries.flush(body.app);
    return c.json(answer);
  });

  app.get('/__apps/deliveries', (c) => {
    const { offset, limit } = paging(c);
    const state = c.req.query('state');
    if (state !== undefined && !(DELIVERY_STATES as readonly string[]).includes(state)) {
      throw new ControlError(400, 'invalidRequest', `state must be one of ${DELIVERY_STATES.join(', ')}.`);
    }
    const kind = c.req.query('kind');
    if (kind !== undefined && !(DELIVERY_KINDS as readonly string[]).includes(kind)) {
      throw new ControlError(400, 'invalidRequest', `kind must be one of ${DELIVERY_KINDS.join(', ')}.`);
    }
    const appId = c.req.query('app');
    // An uninstalled app's deliveries stay in the log; a name never seen is a mistake worth a 404.
    if (appId && !host.installations.get(appId) && host.deliveries.log.list({ appId }).length === 0) {
      host.installations.require(appId);
    }
    const all = host.deliveries.log.list({
      appId,
      state,
      event: c.req.query('event'),
      kind,
    });
    const answer: DeliveriesResponse = {
      data: all.slice(offset, offset + limit).map(deliverySummary),
      total: all.length,
      offset,
      limit,
    };
    return c.json(answer);
  });

  app.get('/__apps/deliveries/:id', (c) =>
    c.json(deliveryDetail(host.deliveries.log.require(intParam(c, 'id')))),
  );

  app.get('/__apps/deliveries/:id/fixture', (c) => {
    const record = host.deliveries.log.require(intParam(c, 'id'));
    return c.json(deliveryDetail(record).request);
  });

  app.post('/__apps/deliveries/:id/redeliver', (c) => {
    const record = host.deliveries.redeliver(intParam(c, 'id'));
    return c.json(deliverySummary(record), 201);
  });

  app.get('/__apps/calls', (c) => {
    const { limit } = paging(c, 2000);
    const appId = c.req.query('app');
    if (appId) host.installations.require(appId);
    const answer: AppCallsResponse = { data: host.calls.list(appId, limit) };
    return c.json(answer);
  });

  app.get('/__apps/stream', (c) =>
    streamSSE(c, async (stream) => {
      const unsubscribe = host.stream.subscribe((event) => {
        // A stream that closed meanwhile is unsubscribed by onAbort; a write to it is dropped.
        stream.writeSSE({ event: event.type, data: JSON.stringify(event) }).catch(() => {});
      });
      stream.onAbort(unsubscribe);
      await stream.writeSSE({ event: 'hello', data: JSON.stringify({ type: 'hello' }) });
      // A comment line now and then keeps proxies from closing an idle stream.
      while (!stream.aborted && !stream.closed) {
        await stream.sleep(15_000);
        if (!stream.aborted) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    }),
  );

  app.post('/__apps/steps/:stepId/send', async (c) => {
    const body = await readJson<SendRequest>(c);
    return c.json(await host.workflow.send(intParam(c, 'stepId'), body));
  });

  app.post('/__apps/steps/:stepId/retrigger', async (c) => {
    const body = await readJson<RetriggerRequest>(c);
    return c.json(host.workflow.retrigger(intParam(c, 'stepId'), body));
  });

  app.get('/__apps/steps/:stepId/strings', (c) => {
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
    return c.json(answer);
  });

  app.post('/__apps/:appId/uninstall', async (c) =>
    c.json(await host.installing.uninstall(c.req.param('appId'))),
  );

  app.post('/__apps/:appId/steps', async (c) => {
    const body = await readJson<AddStepRequest>(c);
    const step = host.workflow.addStep(c.req.param('appId'), body);
    return c.json(host.steps.info(step), 201);
  });

  app.post('/__apps/:appId/trigger', async (c) => {
    const body = await readJson<TriggerRequest>(c);
    return c.json(host.triggers.trigger(c.req.param('appId'), body), 202);
  });

  app.post('/__apps/:appId/steps/:stepId/settings', async (c) => {
    const body = await readJson<Partial<SaveSettingsRequest>>(c);
    return c.json(await host.stepSettings.save(c.req.param('appId'), intParam(c, 'stepId'), body.settings));
  });

  app.delete('/__apps/:appId/steps/:stepId', async (c) =>
    c.json(await host.stepSettings.deleteStep(c.req.param('appId'), intParam(c, 'stepId'))),
  );

  app.get('/__apps/:appId/steps/:stepId/settings-page', (c) =>
    c.json(
      host.stepSettings.settingsPage(c.req.param('appId'), intParam(c, 'stepId'), new URL(c.req.url).origin),
    ),
  );

  app.post('/__apps/:appId/modules/:key/call', async (c) => {
    const body = await readJson<ModuleCallRequest>(c);
    return c.json(
      await host.modules.call(c.req.param('appId'), c.req.param('key'), body, new URL(c.req.url).origin),
    );
  });

  // Routes other parts add go before the catch-all below.
  for (const extend of host.extraControlRoutes) extend(app);

  // What app pages and apps fetch from the emulator, outside the control routes: the bridge a settings
  // page loads (any page may load it, as any page may load Crowdin's), and the files module calls name.
  app.get(BRIDGE_PATH, (c) =>
    c.body(host.bridgeScript(), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Access-Control-Allow-Origin': '*',
    }),
  );
  app.get(`${SERVED_FILES_PATH}:token`, (c) => {
    const file = host.files.get(c.req.param('token'));
    if (!file) {
      return c.json(
        new ControlError(404, 'notFound', 'No such file: it expired (15 minutes) or never existed.').body(),
        404,
      );
    }
    return c.body(new Uint8Array(file.body), 200, {
      'Content-Type': file.contentType,
      'Cache-Control': 'no-store',
    });
  });

  app.all('/__apps/*', (c) => {
    throw new ControlError(
      404,
      'notFound',
      `No control route ${c.req.method} ${new URL(c.req.url).pathname}. See the README, "Develop a Crowdin app against the emulator".`,
    );
  });

  return app;
}
