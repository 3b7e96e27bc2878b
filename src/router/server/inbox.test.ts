// Nothing acknowledged is lost, and many instances route each string once: CroQL Router as child processes
// (processes.ts) against the real emulator, on the embedded store and on a real PostgreSQL server. The
// emulator delivers through a front (one router, or round-robin over two); its API sits behind a door that
// counts each string's accepted PATCHes. Every wait polls the emulator's state, under a generous cap.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPS_ROUTES } from '../../wire/apps-routes.ts';
import type { StepInfo, StepStringsResponse } from '../../wire/apps.ts';
import { generateDemoDataset } from '../../server/emulator/data/demo.ts';
import { call } from '../../server/emulator/apps/testing.ts';
import { startEmulator, type RunningEmulator } from '../../server/emulator/testing.ts';
import { STEP_MODULE_KEY } from './manifest.ts';
import { countingApi, roundRobin, spawnRouter, type Door, type RouterProcess } from './processes.ts';
import { startPostgres, type TestPostgres } from './store/test-postgres.ts';

const RULE = 'count of labels where (title = "legal") > 0';
const SETTINGS = { rules: [{ query: RULE, output: 'true' }], default: 'false' };
/** The longest any wait may take before the test fails saying what it waited for. */
const CAP_MS = 600_000;

let pg: TestPostgres;
let databases = 0;
const folders: string[] = [];
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(async () => {
  await pg?.stop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

async function until<T>(
  what: string,
  probe: () => Promise<T | null | false>,
  explain: () => Promise<string> = async () => '',
): Promise<T> {
  const end = Date.now() + CAP_MS;
  for (;;) {
    const v = await probe();
    if (v !== null && v !== false) return v;
    if (Date.now() > end) throw new Error(`waited ${CAP_MS / 1000} s for ${what}. ${await explain()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Rig {
  em: RunningEmulator;
  api: Door & { patched: Map<string, number> };
  front: Door;
  targets: string[];
  args: string[];
  env: NodeJS.ProcessEnv;
  ids: number[];
  expected: Map<number, string>;
  step: StepInfo;
  close(): Promise<void>;
}

/** The emulator with `count` visible strings, its API door, a front, and what the routers are started with. */
async function rig(count: number, store: string): Promise<Rig> {
  const data = generateDemoDataset({ strings: Math.ceil(count * 1.1) + 50, seed: 7 });
  const em = await startEmulator({
    organization: 'acme',
    data,
    // Sent at once in batches of 250; a delivery a dead router missed is tried again for ten minutes (a
    // restart on a loaded machine took over two), and flushed again as soon as a router listens.
    apps: { batchIntervalSeconds: 0, batchMaxEvents: 250, retryScheduleSeconds: Array(120).fill(5) },
  });
  const api = await countingApi(em.url);
  const targets: string[] = [];
  const front = await roundRobin(() => targets);
  const creds = (
    await call<typeof APPS_ROUTES.clients, { clientId: string; clientSecret: string }>(
      em.url,
      APPS_ROUTES.clients,
      {
        body: { name: 'CroQL Router', scopes: 'project' },
      },
    )
  ).json;
  const visible = data.strings.filter((s) => !s.isHidden).slice(0, count);
  const expected = new Map(
    visible.map((s) => [
      s.id as number,
      (s.labels as { title?: string }[]).some((l) => l.title === 'legal') ? 'true' : 'false',
    ]),
  );
  return {
    em,
    api,
    front,
    targets,
    args: [
      '--store',
      store,
      '--client-id',
      creds.clientId,
      '--accounts',
      api.url,
      '--api',
      api.url,
      '--base-url',
      front.url,
      '--reconcile-interval',
      '0',
      '--lease',
      '5',
    ],
    env: { CROQL_ROUTER_CLIENT_SECRET: creds.clientSecret },
    ids: [...expected.keys()],
    expected,
    step: null as unknown as StepInfo,
    close: async () => {
      await front.close();
      await api.close();
      await em.close();
    },
  };
}

/** Installs through the front, adds the step, saves the rules, and slows every API call of the app. */
async function install(r: Rig, latencyMs: number): Promise<void> {
  const installed = await call(r.em.url, APPS_ROUTES.install, {
    body: { manifestUrl: `${r.front.url}/manifest.json` },
  });
  expect(installed.status, JSON.stringify(installed.json)).toBe(201);
  const added = await call(r.em.url, APPS_ROUTES.addStep, {
    params: ['croql-router'],
    body: { projectId: 1, moduleKey: STEP_MODULE_KEY, languages: ['uk'] },
  });
  r.step = added.json;
  const saved = await call(r.em.url, APPS_ROUTES.saveSettings, {
    params: ['croql-router', r.step.id],
    body: { settings: SETTINGS },
  });
  expect(saved.status).toBe(200);
  const faults = await fetch(`${r.em.url}/__faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: [{ app: 'croql-router', latencyMs }] }),
  });
  expect(faults.status).toBeLessThan(300);
}

async function onStep(r: Rig): Promise<StepStringsResponse['data']> {
  const rows: StepStringsResponse['data'] = [];
  for (let offset = 0; ; offset += 500) {
    const { json } = await call(r.em.url, APPS_ROUTES.stepStrings, {
      params: [r.step.id],
      query: { languageId: 'uk', limit: 500, offset },
    });
    rows.push(...json.data);
    if (rows.length >= json.total || json.data.length === 0) return rows;
  }
}

/** Waits until every sent string is DONE (none FAILED), then checks each output against the rule. */
async function allRouted(r: Rig, explain?: () => Promise<string>): Promise<void> {
  const rows = await until(
    'every string DONE',
    async () => {
      await call(r.em.url, APPS_ROUTES.flush);
      const now = await onStep(r);
      const failed = now.filter((x) => x.status === 'FAILED');
      if (failed.length) {
        // What the emulator saw of the failed deliveries, for whoever reads the failure.
        const { json } = await call(r.em.url, APPS_ROUTES.deliveries, {
          query: { kind: 'webhook', state: 'failed', limit: 2 },
        });
        throw new Error(
          `${failed.length} strings FAILED: a delivery was lost. ${JSON.stringify(json).slice(0, 3000)}`,
        );
      }
      return now.filter((x) => x.status === 'DONE').length === r.ids.length ? now : null;
    },
    async () => {
      // Where the strings are, for whoever reads the failure.
      const statuses = new Map<string, number>();
      for (const x of await onStep(r)) statuses.set(x.status, (statuses.get(x.status) ?? 0) + 1);
      const { json } = await call(r.em.url, APPS_ROUTES.deliveries, { query: { limit: 3 } });
      return `On the step: ${JSON.stringify(Object.fromEntries(statuses))}; PATCHed: ${r.api.patched.size}. ${
        (await explain?.()) ?? ''
      } Last deliveries: ${JSON.stringify(json).slice(0, 1500)}`;
    },
  );
  const got = new Map(rows.map((x) => [x.stringId, x.output]));
  const wrong = r.ids.filter((id) => got.get(id) !== r.expected.get(id));
  expect(wrong).toEqual([]);
}

const send = (r: Rig, ids: number[]) =>
  call(r.em.url, APPS_ROUTES.send, { params: [r.step.id], body: { stringIds: ids, languages: ['uk'] } });

async function newStore(kind: 'embedded' | 'postgres'): Promise<string> {
  if (kind === 'postgres') return pg.createDatabase(`inbox_${++databases}`);
  const folder = mkdtempSync(join(tmpdir(), 'router-inbox-'));
  folders.push(folder);
  return join(folder, 'store');
}

describe.each(['embedded', 'postgres'] as const)('CroQL Router on the %s store', (kind) => {
  it(
    'routes every acknowledged string after 20 kill -9 at random moments of a 2,000-string send',
    async () => {
      const store = await newStore(kind);
      const r = await rig(2000, store);
      let router: RouterProcess | null = null;
      try {
        router = await spawnRouter(r.args, r.env);
        r.targets.push(router.url);
        await install(r, 40);
        // The send in 20 parts, each followed by a kill at a random moment of its delivery and routing.
        const parts = 20;
        const size = r.ids.length / parts;
        for (let k = 0; k < parts; k++) {
          expect((await send(r, r.ids.slice(k * size, (k + 1) * size))).json.needProcess).toBe(size);
          await call(r.em.url, APPS_ROUTES.flush);
          // A random moment, not a timed assertion: whatever it lands on, the end state must be the same.
          await new Promise((res) => setTimeout(res, Math.random() * 1500));
          await router.kill();
          r.targets.length = 0;
          router = await spawnRouter(r.args, r.env);
          r.targets.push(router.url);
          await call(r.em.url, APPS_ROUTES.flush);
        }
        await allRouted(r);
        if (kind === 'embedded') {
          // No temporary file with secrets left beside the store (F10).
          const beside = readdirSync(join(store, '..'));
          expect(beside.filter((f) => f !== 'store' && !f.startsWith('store.'))).toEqual([]);
          expect(beside.filter((f) => /\.tmp$|\.probe$/.test(f))).toEqual([]);
          expect(existsSync(store)).toBe(true);
        }
      } finally {
        await router?.kill();
        await r.close();
      }
    },
    2 * CAP_MS,
  );
});

describe('two CroQL Router instances on one PostgreSQL', () => {
  // Both instances route; one is killed after a fifth of the strings are PATCHed. Each string must end DONE with
  // the rule's output, PATCHed exactly once: a claim taken over is checked with the service first, and a PATCH
  // is never sent or retried past the lease that covers it (engine.ts, batch.ts, app-server/crowdin.ts).
  it(
    'route a 5,000-string send through a round-robin front exactly once, one killed in the middle',
    async () => {
      const store = await newStore('postgres');
      const r = await rig(5000, store);
      const routers: RouterProcess[] = [];
      try {
        routers.push(await spawnRouter(r.args, r.env));
        routers.push(await spawnRouter(r.args, r.env));
        r.targets.push(routers[0]!.url, routers[1]!.url);
        await install(r, 20);
        expect((await send(r, r.ids)).json.needProcess).toBe(5000);
        await call(r.em.url, APPS_ROUTES.flush);
        await until('a fifth of the strings PATCHed', async () => r.api.patched.size >= 1000);
        // Killed in the middle of its work; the front stops sending to it, as a load balancer would.
        await routers[0]!.kill();
        r.targets.splice(0, 1);
        await allRouted(r, async () => {
          const { default: postgres } = await import('pg');
          const db = new postgres.Client({ connectionString: store });
          await db.connect();
          const inbox = await db
            .query(
              `select claimed_by, count(*) as n, min(lease_until) as lease, now() as now, max(failures) as failures
               from router_inbox group by 1`,
            )
            .finally(() => db.end());
          return `Inbox: ${JSON.stringify(inbox.rows)}. Survivor's log: ${routers[1]!.output.join('').slice(-3000)}`;
        });
        const twice = [...r.api.patched].filter(([, n]) => n !== 1);
        expect(twice).toEqual([]);
        expect(r.api.patched.size).toBe(5000);
      } finally {
        for (const x of routers) await x.kill();
        await r.close();
      }
    },
    2 * CAP_MS,
  );
});
