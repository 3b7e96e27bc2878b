// CroQL Router against the real emulator, both over HTTP: install from the manifest (the crowdin_agent
// grant), a step added, settings saved (one rule local, one through the listing), strings sent by a query
// and flushed; the routes compared with the emulator's own listing. Then repeats, a forged delivery,
// reconciling, and uninstall.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPS_ROUTES } from '../../wire/apps-routes.ts';
import type {
  ControlErrorBody,
  SaveSettingsResponse,
  StepInfo,
  StepStringsResponse,
} from '../../wire/apps.ts';
import { validateManifest } from '../../server/emulator/apps/manifest.ts';
import { call } from '../../server/emulator/apps/testing.ts';
import { startEmulator, type RunningEmulator } from '../../server/emulator/testing.ts';
import { deliveredString, deliveryBody } from '../testing.ts';
import type { SqlRunner } from '../../app-server/store/sql.ts';
import { signatureOf } from './auth.ts';
import { emulatorClient, setUpInEmulator, STARTER_SETTINGS } from './emulator-setup.ts';
import { manifest, STEP_MODULE_KEY, WEBHOOK_MODULE_KEY } from './manifest.ts';
import { startRouter, type RunningRouter } from './testing.ts';

const LOCAL_RULE = 'count of labels where (title = "legal") > 0';
const API_RULE = 'count of comments where (has unresolved issue) > 0';
const SENT = 'count of labels > 0 or count of comments > 0';

let em: RunningEmulator;
let rt: RunningRouter;
let client: { clientId: string; clientSecret: string };
let step: StepInfo;

beforeAll(async () => {
  em = await startEmulator({ organization: 'acme', apps: { batchIntervalSeconds: 3600 } });
  client = (
    await call<typeof APPS_ROUTES.clients, typeof client>(em.url, APPS_ROUTES.clients, {
      body: {
        name: 'CroQL Router',
        scopes: 'project',
      },
    })
  ).json;
  rt = await startRouter({ service: em.url, ...client });
  const installed = await call(em.url, APPS_ROUTES.install, {
    body: {
      manifestUrl: `${rt.url}/manifest.json`,
    },
  });
  expect(installed.status, JSON.stringify(installed.json)).toBe(201);
  const added = await call(em.url, APPS_ROUTES.addStep, {
    params: ['croql-router'],
    body: {
      projectId: 1,
      moduleKey: STEP_MODULE_KEY,
      languages: ['uk', 'de'],
    },
  });
  expect(added.status).toBe(201);
  step = added.json;
});
afterAll(async () => {
  await rt?.close();
  await em?.close();
});

/** Saves the step's settings as the workflow editor's Save does: the emulator calls the updateSettingsUrl. */
const saveSettings = (settings: unknown) =>
  call<typeof APPS_ROUTES.saveSettings, SaveSettingsResponse & ControlErrorBody>(
    em.url,
    APPS_ROUTES.saveSettings,
    {
      params: ['croql-router', step.id],
      body: {
        settings,
      },
    },
  );

/** The ids the emulator's own strings listing returns for a query (read with the agent's token). */
async function listing(croql: string): Promise<Set<number>> {
  const rows = await rt.client('acme')!.listAll<{ id: number }>('/projects/1/strings', { croql });
  return new Set(rows.map((r) => r.id));
}

/** Every string on the step in a language, page by page (the control route gives 500 at most). */
async function stepStrings(languageId: string): Promise<StepStringsResponse['data']> {
  const rows: StepStringsResponse['data'] = [];
  for (let offset = 0; ; offset += 500) {
    const { json } = await call(em.url, APPS_ROUTES.stepStrings, {
      params: [step.id],
      query: { languageId, limit: 500, offset },
    });
    rows.push(...json.data);
    if (rows.length >= json.total || json.data.length === 0) return rows;
  }
}

/** Flushes the emulator's batches and waits until the step holds no string waiting for the router. */
async function flushAndSettle(): Promise<void> {
  await call(em.url, APPS_ROUTES.flush);
  for (let i = 0; i < 500; i++) {
    await rt.engine.settled();
    const waiting = (await stepStrings('uk'))
      .concat(await stepStrings('de'))
      .filter((r) => r.status === 'NEED_PROCESS');
    if (waiting.length === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('strings stayed NEED_PROCESS');
}

const patchCalls = async () =>
  (
    await call<typeof APPS_ROUTES.calls, { data: { method: string; kind: string }[] }>(
      em.url,
      APPS_ROUTES.calls,
      { query: { app: 'croql-router', limit: 1000 } },
    )
  ).json.data.filter((c) => c.kind === 'api' && c.method === 'PATCH').length;

describe('CroQL Router hosted by the emulator', () => {
  it('has a manifest the emulator validates with no problem (over https, not even a warning)', () => {
    const secure = validateManifest(
      manifest({
        identifier: 'croql-router',
        baseUrl: 'https://router.example.com',
        clientId: client.clientId,
      }),
    );
    expect(secure.report).toEqual({ ok: true, errors: [], warnings: [] });
    const local = validateManifest(
      manifest({ identifier: 'croql-router', baseUrl: rt.url, clientId: client.clientId }),
    );
    expect(local.report.errors).toEqual([]);
    expect(local.report.warnings.map((w) => w.rule)).toEqual(['https-base-url']);
  });

  it('installs with its agent and keeps the installation', () => {
    expect(rt.store.installation('acme')).toMatchObject({ clientId: client.clientId, domain: 'acme' });
  });

  it('routes the strings a query sends: DONE on true exactly where the listing says a rule matches', async () => {
    const saved = await saveSettings({
      rules: [
        { query: LOCAL_RULE, output: 'true' },
        { query: API_RULE, output: 'true' },
      ],
      default: 'false',
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const answer = JSON.parse(saved.json.answer.answerStart) as { data: { plans: { path: string }[] } };
    expect(answer.data.plans.map((p) => p.path)).toEqual(['local', 'api']);

    const sent = await call(em.url, APPS_ROUTES.send, {
      params: [step.id],
      body: {
        croql: SENT,
      },
    });
    expect(sent.json.needProcess).toBeGreaterThan(500);
    await flushAndSettle();

    const onStep = await listing(`(${SENT}) and not is hidden`);
    const matched = await listing(`(${SENT}) and not is hidden and ((${LOCAL_RULE}) or (${API_RULE}))`);
    expect(matched.size).toBeGreaterThan(0);
    expect(matched.size).toBeLessThan(onStep.size);
    for (const languageId of ['uk', 'de']) {
      const rows = await stepStrings(languageId);
      const done = rows.filter((r) => r.status === 'DONE');
      expect(rows.filter((r) => r.status === 'NEED_PROCESS')).toEqual([]);
      const got = new Set(done.filter((r) => r.output === 'true').map((r) => r.stringId));
      expect(got).toEqual(matched);
      expect(new Set(done.filter((r) => r.output === 'false').map((r) => r.stringId))).toEqual(
        new Set([...onStep].filter((id) => !matched.has(id))),
      );
    }
  });

  it('refuses settings with a rule the core refuses, and the step keeps the rules it had', async () => {
    const saved = await saveSettings({
      rules: [{ query: 'count of coments > 0', output: 'true' }],
      default: 'false',
    });
    expect(saved.status).toBe(502);
    expect(saved.json.error.message).toMatch(/did not take the settings/);
    expect(saved.json.error.answer?.answerStart).toMatch(
      /Rule 1: `coments` is not a field of a source string/,
    );
    const { json } = await call(em.url, APPS_ROUTES.overview);
    const kept = json.apps.find((a) => a.appId === 'croql-router')!.steps[0]!.settings as {
      rules: unknown[];
    };
    expect(kept.rules).toHaveLength(2);
    expect(rt.store.step('acme', step.id)?.settings?.rules).toHaveLength(2);
  });

  it('routes each string once when a batch is delivered again', async () => {
    const before = await patchCalls();
    const { json } = await call(em.url, APPS_ROUTES.deliveries, {
      query: { app: 'croql-router', kind: 'webhook', limit: 1 },
    });
    const again = await call(em.url, APPS_ROUTES.redeliver, { params: [json.data[0]!.id] });
    expect(again.status).toBeLessThan(300);
    await flushAndSettle();
    expect(await patchCalls()).toBe(before);
    expect(rt.logs.some((l) => /routed already \(a repeat of a delivery\)/.test(l))).toBe(true);
  });

  it('PATCHes each string once when the move of a delivery it routed early fails, and checks it when moved again', async () => {
    // The embedded store routes a delivery's new strings while their put into the inbox commits
    // (src/router/server/deliveries.ts). Here the database refuses that transaction's last write once (a
    // real failure in it: a trigger), after the PATCH was under way: the journal moves the delivery again,
    // checked with the service first, and finds the strings routed.
    const sql = (rt.store as unknown as { sql: SqlRunner }).sql;
    await sql.query(`create sequence test_refusals`);
    await sql.query(
      `create function test_refuse_once() returns trigger language plpgsql as $$
       begin
         if nextval('test_refusals') = 1 then raise exception 'the disk is full (test)'; end if;
         return new;
       end $$`,
    );
    await sql.query(
      `create trigger test_refuse_once before insert or update on router_meta for each row
       when (new.key = 'journal_moved') execute function test_refuse_once()`,
    );
    // A rule the delivery answers alone (no labels read first), so the PATCH is sent before the put runs.
    const rules = rt.store.step('acme', step.id)?.settings;
    const saved = await saveSettings({
      rules: [{ query: 'not is duplicate', output: 'true' }],
      default: 'false',
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    try {
      const ids = [
        ...(await listing('not is hidden and count of labels = 0 and count of comments = 0')),
      ].slice(-20);
      const before = await patchCalls();
      const sent = await call(em.url, APPS_ROUTES.send, {
        params: [step.id],
        body: { stringIds: ids, languages: ['de'] },
      });
      expect(sent.json.needProcess).toBe(20);
      await flushAndSettle();
      // The move is tried again after a wait: until then the journal is not drained.
      for (let i = 0; i < 500 && !rt.logs.some((l) => /the disk is full/.test(l)); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await rt.engine.settled();
      expect(rt.logs.some((l) => /move into the inbox failed while it was routed/.test(l))).toBe(true);
      expect(rt.logs.some((l) => /could not be moved into the inbox yet.*the disk is full/.test(l))).toBe(
        true,
      );
      expect(rt.logs.at(-1)).toMatch(/20 strings delivered again are routed already/);
      expect(await patchCalls()).toBe(before + 1);
      const rows = (await stepStrings('de')).filter((r) => ids.includes(r.stringId));
      expect(rows.map((r) => r.status)).toEqual(Array(20).fill('DONE'));
    } finally {
      await sql.query('drop trigger test_refuse_once on router_meta');
      await saveSettings(rules);
    }
  });

  it('F8: routes strings sent to the step again (back on NEED_PROCESS) at once, not at reconciling', async () => {
    const before = new Map((await stepStrings('uk')).map((r) => [r.stringId, r]));
    const ids = [...before.values()]
      .filter((r) => r.status === 'DONE')
      .slice(0, 50)
      .map((r) => r.stringId);
    expect(ids).toHaveLength(50);
    // The same strings at the same revision: their events are the ones delivered the first time.
    const sent = await call(em.url, APPS_ROUTES.send, {
      params: [step.id],
      body: { stringIds: ids, languages: ['uk'] },
    });
    expect(sent.json.needProcess).toBe(50);
    await flushAndSettle();
    const after = new Map((await stepStrings('uk')).map((r) => [r.stringId, r]));
    for (const id of ids) {
      expect(after.get(id)).toMatchObject({ status: 'DONE', output: before.get(id)!.output });
    }
  });

  it('routes nothing for a delivery whose signature is not the installation’s', async () => {
    const before = await patchCalls();
    const { json } = await call(em.url, APPS_ROUTES.deliveries, {
      query: { app: 'croql-router', kind: 'webhook', limit: 1 },
    });
    const fixture = (await call(em.url, APPS_ROUTES.fixture, { params: [json.data[0]!.id] })).json;
    // The same body with one more space: still JSON, no longer what was signed.
    const body = fixture.body.replace('"NEED_PROCESS"', '"NEED_PROCESS" ');
    const res = await fetch(fixture.url, { method: 'POST', headers: fixture.headers, body });
    expect(res.status).toBe(403);
    await rt.engine.settled();
    expect(await patchCalls()).toBe(before);
  });

  it('routes the rest of a chunk when the service refuses one of its strings', async () => {
    const unsent = [...(await listing('not is hidden and count of labels = 0 and count of comments = 0'))];
    const ids = unsent.slice(10, 14);
    const never = unsent[20]!;
    await call(em.url, APPS_ROUTES.send, { params: [step.id], body: { stringIds: ids, languages: ['de'] } });
    const { json } = await call(em.url, APPS_ROUTES.overview);
    const secret = json.apps.find((a) => a.appId === 'croql-router')!.appSecret;
    // A signed delivery naming the four strings and one that never reached the step.
    const strings = [...ids, never].map((id) =>
      deliveredString(em.config.data.strings.find((x) => x.id === id)!),
    );
    const body = deliveryBody(strings, { id: step.id, moduleKey: STEP_MODULE_KEY }, 'de');
    const res = await fetch(`${rt.url}/webhooks`, {
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/json',
        'X-Crowdin-Id': '1',
        'X-Crowdin-Domain': 'acme',
        'X-Module-Key': WEBHOOK_MODULE_KEY,
        'X-Crowdin-Signature': signatureOf(new TextEncoder().encode(body), secret),
      },
    });
    expect(res.status).toBe(200);
    await rt.engine.settled();
    const rows = (await stepStrings('de')).filter((r) => ids.includes(r.stringId));
    expect(rows.map((r) => `${r.status}:${r.output}`)).toEqual(Array(4).fill('DONE:false'));
    expect(rt.logs.find((l) => l.includes(`string ${never} not routed`))).toMatch(/is not on step/);
  });

  it('finds strings left on the step by reconciling, and routes them', async () => {
    // Sent but never delivered (no flush): only the reconcile pass can find them.
    const ids = [...(await listing('not is hidden and count of labels = 0 and count of comments = 0'))].slice(
      0,
      5,
    );
    const sent = await call(em.url, APPS_ROUTES.send, {
      params: [step.id],
      body: {
        stringIds: ids,
        languages: ['uk'],
      },
    });
    expect(sent.json.needProcess).toBe(5);
    expect(await rt.engine.reconcile()).toBe(0); // first seen: a delivery may still be on its way
    expect(await rt.engine.reconcile()).toBe(5);
    await rt.engine.settled();
    const rows = (await stepStrings('uk')).filter((r) => ids.includes(r.stringId));
    expect(rows.map((r) => `${r.status}:${r.output}`)).toEqual(Array(5).fill('DONE:false'));
  });

  it('routes by {{language}}: each language through its own query', async () => {
    const rule = 'count of languages summary where (language = {{language}} and is approved) > 0';
    const saved = await saveSettings({ rules: [{ query: rule, output: 'true' }], default: 'false' });
    expect(saved.status).toBe(200);
    const ids = [...(await listing('not is hidden and count of labels = 0 and count of comments = 0'))].slice(
      30,
      230,
    );
    await call(em.url, APPS_ROUTES.send, {
      params: [step.id],
      body: {
        stringIds: ids,
        languages: ['uk', 'de'],
      },
    });
    await flushAndSettle();
    for (const languageId of ['uk', 'de']) {
      const approved = await listing(
        `count of languages summary where (language = @language:"${languageId}" and is approved) > 0`,
      );
      const rows = (await stepStrings(languageId)).filter((r) => ids.includes(r.stringId));
      expect(rows).toHaveLength(ids.length);
      for (const r of rows)
        expect(`${r.stringId}:${r.output}`).toBe(`${r.stringId}:${approved.has(r.stringId)}`);
    }
    // The two languages route differently: the rule is not one query for all.
    const uk = (await stepStrings('uk')).filter((r) => ids.includes(r.stringId)).map((r) => r.output);
    const de = (await stepStrings('de')).filter((r) => ids.includes(r.stringId)).map((r) => r.output);
    expect(uk).not.toEqual(de);
  });

  it('forgets the organization when uninstalled', async () => {
    const res = await call(em.url, APPS_ROUTES.uninstall, { params: ['croql-router'] });
    expect(res.status).toBe(200);
    expect(rt.store.installation('acme')).toBeUndefined();
  });
});

describe('npm run router -- --emulator', () => {
  it('registers, installs itself, adds its step with starter rules, and routes what is sent', async () => {
    const emulator = await startEmulator({ organization: 'acme', apps: { batchIntervalSeconds: 0 } });
    const creds = await emulatorClient(emulator.url);
    const router = await startRouter({ service: emulator.url, ...creds });
    try {
      const lines: string[] = [];
      await setUpInEmulator(emulator.url, `${router.url}/manifest.json`, 'croql-router', (m) =>
        lines.push(m),
      );
      const stepId = Number(/step (\d+) of project 1/.exec(lines.join('\n'))![1]);
      expect(router.store.step('acme', stepId)?.settings).toEqual(STARTER_SETTINGS);
      // Again (a restart): the same step, not a second one.
      await setUpInEmulator(emulator.url, `${router.url}/manifest.json`, 'croql-router', () => {});
      const { json } = await call(emulator.url, APPS_ROUTES.overview);
      expect(json.apps[0]!.steps.map((s) => s.id)).toEqual([stepId]);
      const sent = await call(emulator.url, APPS_ROUTES.send, {
        params: [stepId],
        body: {
          croql: 'count of labels where (title = "legal") > 0',
          languages: ['uk'],
        },
      });
      // Waited for as an event (every sent string DONE), however busy the machine.
      let rows: { output: string }[] = [];
      await vi.waitFor(
        async () => {
          await router.engine.settled();
          rows = (
            await call(emulator.url, APPS_ROUTES.stepStrings, {
              params: [stepId],
              query: { languageId: 'uk', status: 'DONE', limit: 500 },
            })
          ).json.data;
          expect(rows).toHaveLength(sent.json.needProcess);
        },
        { timeout: 120_000, interval: 50 },
      );
      expect(rows).toHaveLength(sent.json.needProcess);
      expect(new Set(rows.map((r) => r.output))).toEqual(new Set(['true']));
    } finally {
      await router.close();
      await emulator.close();
    }
  });

  it('says what is wrong when the address is no emulator, or a crowdin.com one', async () => {
    await expect(emulatorClient('http://127.0.0.1:1')).rejects.toThrow(
      'No emulator answers at http://127.0.0.1:1. Start it with `npm run emulator -- --organization acme`.',
    );
    const notApps = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((r) => notApps.listen(0, '127.0.0.1', r));
    const standard = await startEmulator({ apps: { batchIntervalSeconds: 0 } });
    try {
      const other = `http://127.0.0.1:${(notApps.address() as AddressInfo).port}`;
      await expect(
        setUpInEmulator(other, 'http://127.0.0.1:2/manifest.json', 'croql-router', () => {}),
      ).rejects.toThrow(`${other} does not host apps: is it the emulator?`);
      await expect(
        setUpInEmulator(standard.url, 'http://127.0.0.1:2/manifest.json', 'croql-router', () => {}),
      ).rejects.toThrow('Workflow steps are Crowdin Enterprise only');
    } finally {
      notApps.close();
      await standard.close();
    }
  });
});
