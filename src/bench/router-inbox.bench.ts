// CroQL Router's inbox (src/router/server/store/inbox.ts).
// 1. A delivery's acknowledgement: a signed 500-event delivery posted to the router until it answers, with the
//    store keeping it first (its journal, store/journal.ts), against the same router with the keeping
//    replaced by nothing (the answer without persistence). p99 of each, in alternating blocks of ten, on the
//    embedded store (target ≤ 1.5) and on a throwaway PostgreSQL server (target ≤ 2). Routing is stopped in
//    both, so only the answer is timed. After each kept delivery its move into the inbox is waited for,
//    untimed, so every round starts from an idle router (how many deliveries a router takes in is the router
//    bench's).
// 2. Two instances on one PostgreSQL route a 5,000-string send (every API call 50 ms, the emulator's latency
//    fault) against one instance alone: from the send until every string is DONE (target ≤ 0.65). The
//    routers are warm (their page built, a first delivery each routed) before the send is timed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRouter } from '../router/server/app.ts';
import { signatureOf } from '../router/server/auth.ts';
import { STEP_MODULE_KEY, WEBHOOK_MODULE_KEY } from '../router/server/manifest.ts';
import { ensurePage } from '../router/server/page.ts';
import { countingApi, roundRobin, spawnRouter, type RouterProcess } from '../router/server/processes.ts';
import { RouterStore } from '../router/server/store.ts';
import { startPostgres, type TestPostgres } from '../router/server/store/test-postgres.ts';
import { embeddedTemplate } from '../router/server/store/testing.ts';
import { deliveredString, deliveryBody } from '../router/testing.ts';
import { generateDemoDataset } from '../server/emulator/data/demo.ts';
import { call } from '../server/emulator/apps/testing.ts';
import { startEmulator } from '../server/emulator/testing.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { percentile, row, type BenchRow } from './stats.ts';

const EVENTS = 500;
const ROUNDS = 200;
const BLOCK = 10;
const SECRET = 'bench-app-secret';

async function acknowledgement(kind: 'embedded' | 'postgres', pg: TestPostgres | null): Promise<BenchRow> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-inbox-'));
  const location = pg ? await pg.createDatabase(`bench_ack`) : join(folder, 'store');
  const store = await RouterStore.open(location, { template: embeddedTemplate });
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const make = () =>
    createRouter({
      config: {
        identifier: 'croql-router',
        baseUrl: 'http://127.0.0.1:1',
        clientId: 'c',
        clientSecret: 's',
        endpoints: { accountsUrl: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:1' },
      },
      store,
      log,
    });
  const kept = make();
  const bare = make();
  await Promise.all([kept.engine.stop(), bare.engine.stop()]);
  // Without persistence: the delivery is read, verified and parsed alike, then answered with nothing kept.
  bare.deliveries.keep = async () => {};
  await store.install('acme', {
    appId: 'croql-router',
    appSecret: SECRET,
    clientId: 'c',
    userId: 1,
    organizationId: 200,
    domain: 'acme',
    baseUrl: 'https://acme.crowdin.com',
    agentId: 7,
    installedAt: new Date().toISOString(),
  });
  const strings = generateDemoDataset({ strings: EVENTS, seed: 3 }).strings.map(deliveredString);
  let round = 0;
  const post = async (router: ReturnType<typeof make>) => {
    // New string ids every time: each delivery is new work for the inbox, never a repeat.
    const offset = ++round * 1_000_000;
    const body = deliveryBody(
      strings.map((s) => ({ ...s, id: s.id + offset })),
      { id: 12, moduleKey: STEP_MODULE_KEY },
      'uk',
    );
    const headers = {
      'Content-Type': 'application/json',
      'X-Crowdin-Id': '200',
      'X-Crowdin-Domain': 'acme',
      'X-Module-Key': WEBHOOK_MODULE_KEY,
      'X-Crowdin-Signature': signatureOf(new TextEncoder().encode(body), SECRET),
    };
    const t0 = performance.now();
    const res = await router.app.request('/webhooks', { method: 'POST', body, headers });
    const took = performance.now() - t0;
    if (res.status !== 200) throw new Error(`the router answered ${res.status}: ${await res.text()}`);
    await store.journal.drained();
    return took;
  };
  try {
    for (let i = 0; i < 10; i++) {
      await post(kept);
      await post(bare);
    }
    const withInbox: number[] = [];
    const without: number[] = [];
    // In blocks, each side in its steady state, as a router's deliveries follow one another. Strictly
    // alternated, each bare delivery came right after a kept one's move into the inbox, whose young-heap
    // collections had just run (untimed), and each kept delivery then collected the bare one's garbage in
    // its own time. The blocks alternate, so load that lasts a while weighs on both sides.
    for (let i = 0; i < ROUNDS; i += BLOCK) {
      for (let j = 0; j < BLOCK; j++) withInbox.push(await post(kept));
      for (let j = 0; j < BLOCK; j++) without.push(await post(bare));
    }
    return row(
      `router inbox: a 500-event delivery's acknowledgement p99, kept (${kind}) vs not kept`,
      percentile(withInbox, 99),
      'ms',
      percentile(without, 99),
      kind === 'embedded' ? 1.5 : 2,
    );
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Milliseconds from a 5,000-string send until every string is DONE, with `instances` routers. */
async function fleet(pg: TestPostgres, instances: number, run: number): Promise<number> {
  const count = 5000;
  const data = generateDemoDataset({ strings: 6700, seed: 7 });
  const em = await startEmulator({
    organization: 'acme',
    data,
    apps: { batchIntervalSeconds: 0, batchMaxEvents: 500 },
  });
  const api = await countingApi(em.url);
  const targets: string[] = [];
  const front = await roundRobin(() => targets);
  const routers: RouterProcess[] = [];
  try {
    const creds = (
      await call<typeof APPS_ROUTES.clients, { clientId: string; clientSecret: string }>(
        em.url,
        APPS_ROUTES.clients,
        { body: { name: 'CroQL Router', scopes: 'project' } },
      )
    ).json;
    const store = await pg.createDatabase(`bench_fleet_${run}`);
    const args = ['--store', store, '--client-id', creds.clientId, '--accounts', api.url, '--api', api.url];
    args.push('--base-url', front.url, '--reconcile-interval', '0');
    for (let i = 0; i < instances; i++) {
      routers.push(await spawnRouter(args, { CROQL_ROUTER_CLIENT_SECRET: creds.clientSecret }));
      targets.push(routers[i]!.url);
    }
    await call(em.url, APPS_ROUTES.install, { body: { manifestUrl: `${front.url}/manifest.json` } });
    const step = (
      await call(em.url, APPS_ROUTES.addStep, {
        params: ['croql-router'],
        body: { projectId: 1, moduleKey: STEP_MODULE_KEY, languages: ['uk'] },
      })
    ).json;
    await call(em.url, APPS_ROUTES.saveSettings, {
      params: ['croql-router', step.id],
      body: {
        settings: {
          rules: [{ query: 'count of labels where (title = "legal") > 0', output: 'true' }],
          default: 'false',
        },
      },
    });
    await fetch(`${em.url}/__faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: [{ app: 'croql-router', latencyMs: 50 }] }),
    });
    const visible = data.strings.filter((s) => !s.isHidden).map((s) => s.id as number);
    const ids = visible.slice(0, count);
    // Each instance first routes one delivery of other strings, untimed: a router's first delivery also
    // loads and compiles the code on its way, which a router that has been running has behind it, and which
    // would weigh twice on two instances.
    const warm = visible.slice(count, count + 500 * instances);
    await call(em.url, APPS_ROUTES.send, { params: [step.id], body: { stringIds: warm, languages: ['uk'] } });
    await call(em.url, APPS_ROUTES.flush);
    await routed(api, warm.length);
    const t0 = performance.now();
    await call(em.url, APPS_ROUTES.send, { params: [step.id], body: { stringIds: ids, languages: ['uk'] } });
    await call(em.url, APPS_ROUTES.flush);
    await routed(api, warm.length + count);
    return performance.now() - t0;
  } finally {
    for (const r of routers) await r.kill();
    await front.close();
    await api.close();
    await em.close();
  }
}

/** Resolves once `count` strings were PATCHed through `api`; past ten minutes it fails, saying so. */
async function routed(api: { patched: Map<string, number> }, count: number): Promise<void> {
  const end = Date.now() + 600_000;
  while (api.patched.size < count) {
    if (Date.now() > end)
      throw new Error(`router inbox bench: ${api.patched.size} of ${count} routed in 10 min`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export default async function bench(): Promise<BenchRow[]> {
  const pg = await startPostgres();
  try {
    const rows = [await acknowledgement('embedded', null), await acknowledgement('postgres', pg)];
    // The settings page is built before the routers start, as for routers that have been running: else a
    // start that finds it older than the sources builds it (seconds of CPU) while the send is timed, and a
    // router killed before its build ended leaves it to the next one's run.
    await ensurePage();
    const one: number[] = [];
    const two: number[] = [];
    for (let i = 0; i < 2; i++) {
      one.push(await fleet(pg, 1, 2 * i));
      two.push(await fleet(pg, 2, 2 * i + 1));
    }
    rows.push(
      row(
        'router inbox: two instances route a 5,000-string send (API 50 ms) vs one',
        Math.min(...two),
        'ms',
        Math.min(...one),
        0.65,
      ),
    );
    return rows;
  } finally {
    await pg.stop();
  }
}
