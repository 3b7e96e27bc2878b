// The official framework runs against the emulator unchanged (issue #19 item 10): a small app on
// @crowdin/app-project-module (pinned) under Node 22, both from the npm registry (framework-install.ts),
// configured with crowdinUrls only, installs, takes its agent token, verifies a signed delivery, PATCHes
// the string DONE through its API client over HTTPS at {domain}.localhost (--tls, the CA trusted with
// NODE_EXTRA_CA_CERTS, *.localhost resolved by the preload), saves and deletes step settings, refuses a
// bad signature, and uninstalls; installed again, its file post-import and pre-export modules answer the
// emulator's module calls with what their handlers returned; and a recorded scenario, replayed to an
// installation with another secret, passes the framework's own signature check. Without the registry it
// fails, saying what is missing (CI runs it); only a developer offline who asks for it
// (CROQL_SKIP_FRAMEWORK_INTEROP=1, ignored under CI) skips it, and the reason is printed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APPS_ROUTES } from '../../../wire/apps-routes.ts';
import { serveEmulator } from '../serve.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import {
  framework,
  frameworkCacheDirectory,
  PINS,
  RegistryUnreachable,
  type Framework,
} from './framework-install.ts';
import { call } from './testing.ts';
import { appEnvironment, tlsHosts, tlsInfo, tlsMaterial } from './tls.ts';

const APP_SCRIPT = fileURLToPath(new URL('./framework-app.mjs', import.meta.url));

let fw: Framework | null = null;
let skipReason: string | null = null;
let em: RunningEmulator;
let secure: ServerType;
let child: ChildProcess;
let appUrl = '';
const said: Record<string, unknown>[] = [];
let stderr = '';
const temp = mkdtempSync(join(tmpdir(), 'croql-interop-'));
const menuDir = join(temp, 'menu');
const MENU_MARK = 'the interop project menu';

/** Resolves with the first line the app printed that `match` accepts (waiting up to `ms`). */
async function heard(match: (line: Record<string, unknown>) => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const line = said.find(match);
    if (line) return line;
    if (child.exitCode !== null)
      throw new Error(`the app exited (${child.exitCode}): ${stderr.slice(-1500)}`);
    if (Date.now() > until)
      throw new Error(
        `the app did not say that; it said ${JSON.stringify(said)}; stderr: ${stderr.slice(-1500)}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  try {
    fw = await framework();
  } catch (e) {
    if (!(e instanceof RegistryUnreachable)) throw e;
    const missing = `The framework interop test installs Node ${PINS.node} and @crowdin/app-project-module ${PINS.framework} from the npm registry into ${frameworkCacheDirectory()}, and ${e.message}.`;
    if (process.env.CROQL_SKIP_FRAMEWORK_INTEROP === '1' && !process.env.CI) {
      skipReason = `${missing} Skipped because CROQL_SKIP_FRAMEWORK_INTEROP=1.`;
      console.warn(skipReason);
      return;
    }
    throw new Error(
      `${missing} Reach the registry and run it again; offline on your own machine, CROQL_SKIP_FRAMEWORK_INTEROP=1 skips it (never under CI).`,
      { cause: e },
    );
  }
  em = await startEmulator({ organization: 'acme', apps: { batchIntervalSeconds: 0 } });
  const material = await tlsMaterial(tlsHosts('acme'), join(temp, 'tls'));
  const tlsPort = await new Promise<number>((resolve) => {
    secure = serveEmulator(em, 0, (info: AddressInfo) => resolve(info.port), material);
  });
  const tls = tlsInfo(material, tlsPort);
  mkdirSync(menuDir);
  writeFileSync(join(menuDir, 'index.html'), `<!doctype html><title>Interop Menu</title><p>${MENU_MARK}</p>`);
  const { json: client } = await call<typeof APPS_ROUTES.clients, { clientId: string; clientSecret: string }>(
    em.url,
    APPS_ROUTES.clients,
    {
      body: {
        name: 'Interop Step',
        scopes: 'project',
      },
    },
  );
  child = spawn(fw.node, [APP_SCRIPT], {
    cwd: temp,
    env: {
      ...process.env,
      ...appEnvironment(tls),
      FRAMEWORK_DIR: fw.dir,
      INTEROP_CONFIG: JSON.stringify({ ...client, ...tls.crowdinUrls, dbFolder: temp, uiDir: menuDir }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffer = '';
  child.stdout!.on('data', (d: Buffer) => {
    buffer += d.toString();
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.startsWith('{')) said.push(JSON.parse(line) as Record<string, unknown>);
    }
  });
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const { ready } = await heard((l) => 'ready' in l);
  appUrl = `http://127.0.0.1:${ready as number}`;
}, 300_000);

afterAll(async () => {
  child?.kill();
  await em?.close();
  await new Promise((r) => (secure ? secure.close(r) : r(null)));
  rmSync(temp, { recursive: true, force: true });
});

it('a framework app installs, handles a signed delivery, PATCHes the string DONE, saves settings and uninstalls', async (ctx) => {
  if (skipReason) ctx.skip(skipReason);

  // Install from its own manifest: the framework's manifest validates, the installed event is answered
  // after the framework took its crowdin_agent token from the emulator.
  const installed = await call(em.url, APPS_ROUTES.install, {
    body: {
      manifestUrl: `${appUrl}/manifest.json`,
    },
  });
  expect(installed.status, JSON.stringify(installed.json)).toBe(201);
  const appId = installed.json.appId;
  expect(installed.json.warnings.map((w) => w.rule)).not.toContain('no-step-webhook');
  const calls = (await call(em.url, APPS_ROUTES.calls, { query: { app: appId } })).json.data;
  expect(calls).toContainEqual(expect.objectContaining({ kind: 'token', status: 200 }));

  // A project menu opened through the route passes the framework's own JWT check (signature, module claim,
  // the installation the JWT's domain names): the framework serves its page; a forged token gets nothing.
  const menu = installed.json.uiModules.find((m) => m.type === 'project-menu')!;
  expect(menu).toMatchObject({ offered: true, url: '/project-menu/index.html' });
  const page = await call(em.url, APPS_ROUTES.modulePage, {
    params: [appId, menu.key],
    query: { projectId: 1, user: 'alice' },
  });
  expect(page.status, JSON.stringify(page.json)).toBe(200);
  const served = await fetch(page.json.url);
  expect(served.status).toBe(200);
  expect(await served.text()).toContain(MENU_MARK);
  const forgedUrl = new URL(page.json.url);
  forgedUrl.searchParams.set('jwtToken', `${page.json.jwtToken!.slice(0, -4)}AAAA`);
  expect((await fetch(forgedUrl)).status).not.toBe(200);

  // Settings: Save reaches onStepSettingsSave through the framework's JWT check (module claim included).
  const { json: step } = await call(em.url, APPS_ROUTES.addStep, {
    params: [appId],
    body: {
      projectId: 1,
      moduleKey: 'interop-step',
      languages: ['uk'],
    },
  });
  const saved = await call(em.url, APPS_ROUTES.saveSettings, {
    params: [appId, step.id],
    body: {
      settings: { route: 'all' },
    },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect(await heard((l) => 'settings' in l)).toEqual({
    settings: { route: 'all' },
    stepId: step.id,
    projectId: 1,
  });

  // A signed delivery: the framework verifies it, and its callback PATCHes over HTTPS at acme.localhost.
  const stringId = em.config.data.strings.find((x) => !x.isHidden)!.id as number;
  const sent = await call(em.url, APPS_ROUTES.send, {
    params: [step.id],
    body: {
      stringIds: [stringId],
      languages: ['uk'],
    },
  });
  expect(sent.status).toBe(200);
  await heard((l) => l.patched === stringId);
  const { json: done } = await call(em.url, APPS_ROUTES.stepStrings, {
    params: [step.id],
    query: { languageId: 'uk', status: 'DONE' },
  });
  expect(done.data).toEqual([
    expect.objectContaining({
      stringId,
      languageId: 'uk',
      stepId: step.id,
      status: 'DONE',
      output: 'translated',
    }),
  ]);
  const { json: deliveries } = await call(em.url, APPS_ROUTES.deliveries, {
    query: { app: appId, kind: 'webhook' },
  });
  expect(deliveries.data[0]).toMatchObject({ state: 'delivered', lastAttempt: { status: 200 } });
  const patch = (await call(em.url, APPS_ROUTES.calls, { query: { app: appId } })).json.data.find(
    (c) => c.method === 'PATCH',
  );
  expect(patch).toMatchObject({ status: 200, afterDelivery: deliveries.data[0]!.id });

  // The framework refuses a delivery whose signature is not the app secret's.
  const body = JSON.stringify({ events: [] });
  const forged = await fetch(`${appUrl}/webhooks`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Crowdin-Id': '1',
      'X-Crowdin-Domain': 'acme',
      'X-Module-Key': 'interop-hook',
      'X-Crowdin-Signature': createHmac('sha256', 'not the secret').update(body).digest('hex'),
    },
    body,
  });
  expect(forged.status).toBe(403);

  // Deleting the step reaches onDeleteStep; uninstalling is accepted (the framework checks appSecret).
  const deleted = await call(em.url, APPS_ROUTES.deleteStep, { params: [appId, step.id] });
  expect(deleted.json.problem).toBeNull();
  await heard((l) => l.deleted === step.id);
  const uninstalled = await call<typeof APPS_ROUTES.uninstall, { answer: { status: number } }>(
    em.url,
    APPS_ROUTES.uninstall,
    { params: [appId] },
  );
  expect(uninstalled.json.answer.status).toBe(204);
}, 120_000);

it("a framework app's file post-import and pre-export modules run their handlers, and the emulator takes what they return", async (ctx) => {
  if (skipReason) ctx.skip(skipReason);
  if (em.apps.installations.get('interop-step'))
    await call(em.url, APPS_ROUTES.uninstall, { params: ['interop-step'] });
  const installed = await call(em.url, APPS_ROUTES.install, {
    body: {
      manifestUrl: `${appUrl}/manifest.json`,
    },
  });
  expect(installed.status, JSON.stringify(installed.json)).toBe(201);
  expect(installed.json.modules).toEqual(
    expect.arrayContaining([
      { group: 'file-post-import', key: 'interop-step-poi', hosted: true },
      { group: 'file-pre-export', key: 'interop-step-pre', hosted: true },
    ]),
  );
  const file = em.config.data.files[0]!;

  // Post-import: the framework checks the JWT (module claim included), dispatches on the jobType, and
  // answers the strings its handler returned; the emulator checks them in the post-import shape.
  const post = await call(em.url, APPS_ROUTES.moduleCall, {
    params: ['interop-step', 'interop-step-poi'],
    body: { fileId: file.id },
  });
  expect(post.status, JSON.stringify(post.json)).toBe(200);
  const fileStrings = post.json.request.strings;
  expect(fileStrings).toBeGreaterThan(0);
  expect(await heard((l) => l.fileProcess === 'post-import-file')).toEqual({
    fileProcess: 'post-import-file',
    strings: fileStrings,
  });
  expect(post.json).toMatchObject({ ok: true, jobType: 'post-import-file', failure: null });
  const imported = post.json.result!.strings as { context: string }[];
  expect(imported).toHaveLength(fileStrings);
  expect(new Set(imported.map((x) => x.context))).toEqual(new Set(['post-import by the framework']));

  const pre = await call(em.url, APPS_ROUTES.moduleCall, {
    params: ['interop-step', 'interop-step-pre'],
    body: { fileId: file.id, languages: ['uk'] },
  });
  expect(pre.status, JSON.stringify(pre.json)).toBe(200);
  await heard((l) => l.fileProcess === 'pre-export-file');
  expect(pre.json).toMatchObject({ ok: true, jobType: 'pre-export-file', failure: null });
  const exported = pre.json.result!.strings as { context: string }[];
  expect(exported).toHaveLength(pre.json.request.strings);
  expect(new Set(exported.map((x) => x.context))).toEqual(new Set(['pre-export by the framework']));

  await call(em.url, APPS_ROUTES.uninstall, { params: ['interop-step'] });
}, 120_000);

it('a scenario recorded under one installation, replayed to one with a new secret, passes the framework’s signature check with the new secret', async (ctx) => {
  if (skipReason) ctx.skip(skipReason);
  const install = async () => {
    const { status, json } = await call(em.url, APPS_ROUTES.install, {
      body: {
        manifestUrl: `${appUrl}/manifest.json`,
      },
    });
    expect(status, JSON.stringify(json)).toBe(201);
    return json;
  };
  const first = await install();
  const { json: step } = await call(em.url, APPS_ROUTES.addStep, {
    params: [first.appId],
    body: {
      projectId: 1,
      moduleKey: 'interop-step',
      languages: ['uk'],
    },
  });
  expect((await call(em.url, APPS_ROUTES.scenarioRecord, { body: { app: first.appId } })).status).toBe(201);
  const stringId = em.config.data.strings.filter((x) => !x.isHidden)[1]!.id as number;
  await call(em.url, APPS_ROUTES.send, {
    params: [step.id],
    body: {
      stringIds: [stringId],
      languages: ['uk'],
    },
  });
  await heard((l) => l.patched === stringId);
  const { json: scenario } = await call(em.url, APPS_ROUTES.scenarioStop);
  expect(scenario.deliveries).toHaveLength(1);

  await call(em.url, APPS_ROUTES.uninstall, { params: [first.appId] });
  // An app's secret derives from the emulator's apps key (secrets.ts): installed where another key is in
  // use (another machine, CROQL_EMULATOR_APPS_KEY), the app gets a new secret.
  const key = em.config.apps.secretKey;
  em.config.apps.secretKey = 'the apps key of another machine, for the replay test';
  const second = await install().finally(() => (em.config.apps.secretKey = key));
  expect(second.appSecret).not.toBe(first.appSecret);
  // As recorded, signed with the first installation's secret: the framework refuses it now.
  const recorded = scenario.deliveries[0]!;
  const stale = await fetch(`${appUrl}/webhooks`, {
    method: 'POST',
    headers: recorded.headers,
    body: recorded.body,
  });
  expect(stale.status).toBe(403);

  const { status, json: replayed } = await call(em.url, APPS_ROUTES.scenarioReplay, {
    body: {
      scenario,
      app: second.appId,
    },
  });
  expect(status, JSON.stringify(replayed)).toBe(200);
  const id = replayed.deliveries[0]!.id;
  for (let i = 0; ; i++) {
    const { json: d } = await call(em.url, APPS_ROUTES.delivery, { params: [id] });
    if (d.state !== 'sending' && d.state !== 'queued') {
      // The framework answers 200 once its signature check passed (403 "Invalid signature" otherwise).
      expect(d.attempts[0]).toMatchObject({ status: 200, ok: true });
      expect(d.request.body).toBe(recorded.body);
      break;
    }
    if (i > 500) throw new Error('the replayed delivery was never answered');
    await new Promise((r) => setTimeout(r, 20));
  }
  await call(em.url, APPS_ROUTES.uninstall, { params: [second.appId] });
}, 120_000);
