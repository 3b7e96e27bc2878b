// Control routes about an installed app's UI modules: opening one's page as a user, and setting who may.
import { Hono } from 'hono';
import type { ModuleAccessRequest } from '../../../../wire/app-modules.ts';
import { APPS_ROUTES as R } from '../../../../wire/apps-routes.ts';
import type { AppsHost } from '../host.ts';
import { on, readJson } from './kit.ts';

export function moduleRoutes(host: AppsHost): Hono {
  const app = new Hono();

  on(app, R.modulePage, (c) =>
    host.uiModules.page(
      c.req.param('appId')!,
      c.req.param('key')!,
      {
        projectId: c.req.query('projectId'),
        user: c.req.query('user'),
        languageId: c.req.query('languageId'),
        stringId: c.req.query('stringId'),
      },
      new URL(c.req.url).origin,
    ),
  );

  on(app, R.moduleAccess, async (c) =>
    host.uiModules.setAccess(
      c.req.param('appId')!,
      c.req.param('key')!,
      await readJson<ModuleAccessRequest>(c),
    ),
  );

  return app;
}
