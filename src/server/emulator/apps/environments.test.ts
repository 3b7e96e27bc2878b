// An app's top-level `environments` holds for every module that names none (docs: the manifest's
// `environments`, a module's own overriding it): an app made for crowdin.com only is installed on an
// enterprise emulator with every module inactive, and no delivery reaches it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ControlErrorBody } from '../../../wire/apps.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { control, call, installApp, TestApp } from './testing.ts';
import { APPS_PATHS, APPS_ROUTES } from '../../../wire/apps-routes.ts';

let em: RunningEmulator;
let app: TestApp;
beforeAll(async () => {
  em = await startEmulator({ organization: 'acme', apps: { batchIntervalSeconds: 0 } });
  app = await TestApp.start((base) => ({
    identifier: 'crowdin-only-app',
    name: 'Crowdin Only App',
    baseUrl: base,
    authentication: { type: 'none' },
    environments: ['crowdin'],
    modules: { webhook: [{ key: 'hook', url: '/webhooks', events: ['file.added'] }] },
  }));
});
afterAll(async () => {
  await em.close();
  await app.close();
});

it('keeps an app whose top-level environments exclude Crowdin Enterprise from every delivery', async () => {
  const installed = await installApp(em.url, app);
  // The view shows the module inactive …
  expect(installed.webhooks).toEqual([expect.objectContaining({ key: 'hook', active: false })]);
  // … and the emulator agrees: nothing subscribes, nothing is queued or sent.
  const trigger = await call<typeof APPS_ROUTES.trigger, ControlErrorBody>(em.url, APPS_ROUTES.trigger, {
    params: ['crowdin-only-app'],
    body: {
      event: 'file.added',
      fileId: 1,
    },
  });
  expect(trigger.status).toBe(409);
  expect(trigger.json.error.code).toBe('notSubscribed');
  // No event, which the table's types refuse: the raw form.
  const noEvent = await control<ControlErrorBody>(em.url, 'POST', APPS_PATHS.trigger('crowdin-only-app'), {});
  expect(noEvent.json.error.message).toContain('has no webhook module that subscribes');
  const log = await call(em.url, APPS_ROUTES.deliveries, { query: { kind: 'webhook' } });
  expect(log.json.total).toBe(0);
  expect(app.received('POST /webhooks')).toEqual([]);
});
