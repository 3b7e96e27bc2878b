// The control routes under /__apps: what a developer (the CLI, scripts, the playground's Apps view) does
// as the service's user and admin would: register OAuth apps, install, add steps, send strings, trigger
// events, read and replay the delivery log. Each route is a row of src/wire/apps-routes.ts's table, mounted
// by concern from routes/ (apps, deliveries, steps). Only this machine may call them: ../control/guard.ts
// checks each request first (JSON on every state-changing one, even without a body; a loopback Host; CORS
// for the playground's origin only).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BRIDGE_PATH } from '../../../wire/ap-bridge.ts';
import { APPS_ROUTES } from '../../../wire/apps-routes.ts';
import { controlGuard } from '../control/guard.ts';
import { ControlError } from './errors.ts';
import type { AppsHost } from './host.ts';
import { MODULE_PAYLOAD_LIMIT } from './module-answer.ts';
import { appRoutes } from './routes/apps.ts';
import { deliveryRoutes } from './routes/deliveries.ts';
import { moduleRoutes } from './routes/modules.ts';
import { stepRoutes } from './routes/steps.ts';
import { SERVED_FILES_PATH } from './served-files.ts';

const MAX_CONTROL_BODY = 64 * 1024;
/** A module call may carry a file (and strings) up to the service's 5 MB, base64 and JSON around them. */
const MAX_MODULE_CALL_BODY = Math.ceil((MODULE_PAYLOAD_LIMIT * 4) / 3) + 1024 * 1024;
/** The module-call route's pattern as a regular expression: its `:name` segments match one segment each. */
const MODULE_CALL_PATH = new RegExp(`^${APPS_ROUTES.moduleCall.pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`);

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

  app.route('/', appRoutes(host));
  app.route('/', deliveryRoutes(host));
  app.route('/', stepRoutes(host));
  app.route('/', moduleRoutes(host));

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
