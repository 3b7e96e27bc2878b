// Control routes about installed apps: the overview, OAuth apps, install and uninstall, triggering an event,
// and calling a file-processing module.
import { Hono } from 'hono';
import type {
  CreateClientRequest,
  CreateClientResponse,
  InstallRequest,
  TriggerRequest,
} from '../../../../wire/apps.ts';
import type { ModuleCallRequest } from '../../../../wire/app-module-calls.ts';
import { APPS_ROUTES as R } from '../../../../wire/apps-routes.ts';
import type { AppsHost } from '../host.ts';
import { on, readJson } from './kit.ts';

export function appRoutes(host: AppsHost): Hono {
  const app = new Hono();

  on(app, R.overview, () => host.overview());

  on(app, R.install, async (c) =>
    host.appInfo(await host.installing.install(await readJson<InstallRequest>(c))),
  );

  on(app, R.clients, async (c) => {
    const body = await readJson<Partial<CreateClientRequest>>(c);
    const scopes = Array.isArray(body.scopes)
      ? body.scopes.map(String)
      : typeof body.scopes === 'string'
        ? body.scopes.split(/[\s,]+/).filter(Boolean)
        : [];
    const client = host.installations.registerClient(typeof body.name === 'string' ? body.name : '', scopes);
    const answer: CreateClientResponse = { clientId: client.id, clientSecret: client.secret };
    return answer;
  });

  on(app, R.uninstall, (c) => host.installing.uninstall(c.req.param('appId')!));

  on(app, R.trigger, async (c) =>
    host.triggers.trigger(c.req.param('appId')!, await readJson<TriggerRequest>(c)),
  );

  on(app, R.moduleCall, async (c) =>
    host.modules.call(
      c.req.param('appId')!,
      c.req.param('key')!,
      await readJson<ModuleCallRequest>(c),
      new URL(c.req.url).origin,
    ),
  );

  return app;
}
