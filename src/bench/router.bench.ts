// CroQL Router (src/router). Samples alternate between a figure and its baseline, so a busy machine slows
// both alike.
// 1. Routing a 500-string delivery with a local rule (the "strings labelled legal"): route() over the
//    delivered strings (a context pointed at each, the predicate, the outputs) against the compiled predicate
//    alone over the same contexts, made beforehand (target ≤ 2).
// 2. The whole batch against the real emulator, over HTTP: a signed 500-string delivery posted to the router
//    until its last PATCH is answered (reading, the signature, parsing, the queue, routing, the PATCH) against
//    the same PATCH calls alone (the emulator's own delivery, about 1.1 MB, replayed at new revisions), with a local rule the delivery carries in full (`max length > 0 and not is
//    duplicate`; a rule on label titles adds one labels request per batch). Each API request first waits
//    SERVICE_RTT_MS, what a request to the service costs in production beyond the emulator's work (target
//    ≤ 1.5). On loopback the emulator answers a 500-op PATCH in about 2 ms, less than reading and parsing the
//    1.1 MB delivery takes, so that figure is shown too, without a target.
import { compileModel, type ContextObject } from '../croql/index.ts';
import { DeliveredContext, type Lookups } from '../router/event-context.ts';
import { checkRule } from '../router/plan.ts';
import { route } from '../router/route.ts';
import { deliveredString } from '../router/testing.ts';
import { generateDemoDataset } from '../server/emulator/data/demo.ts';
import { call } from '../server/emulator/apps/testing.ts';
import { startEmulator } from '../server/emulator/testing.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { signatureOf } from '../router/server/auth.ts';
import { statusPath } from '../router/server/engine.ts';
import { STEP_MODULE_KEY } from '../router/server/manifest.ts';
import { startRouter } from '../router/server/testing.ts';
import { median, row, type BenchRow } from './stats.ts';

const BATCH = 500;
const RULE = 'count of labels where (title = "legal") > 0';

async function routing(): Promise<BenchRow> {
  const data = generateDemoDataset({ strings: BATCH, seed: 11 });
  const strings = data.strings.map(deliveredString);
  const lookups: Lookups = {
    labels: new Map(data.labels.map((l) => [l.id, l])),
    branches: new Map(data.branches.map((b) => [b.id, { id: b.id, name: b.name, title: b.title }])),
  };
  const check = checkRule({ query: RULE, output: 'true' }, {});
  if (!check.ok || check.plan.path !== 'local') throw new Error(`${RULE} must be a local rule`);
  const predicate = compileModel(check.model, { users: [], languages: [], now: new Date() });
  const contexts: ContextObject[] = strings.map((s) => new DeliveredContext(lookups).point(s));
  const rules = [{ output: 'true' as const, predicate }];
  const listing = () => Promise.reject(new Error('a local rule asked the listing'));

  let matched = 0;
  const alone = () => {
    for (let i = 0; i < contexts.length; i++) if (predicate(contexts[i]!)) matched++;
  };
  const routed = async () => {
    const r = await route({ strings, rules, fallback: 'false', lookups, listing });
    matched += r.counts[0]!;
  };
  const timeAlone = () => {
    const t0 = performance.now();
    for (let k = 0; k < 20; k++) alone();
    return ((performance.now() - t0) * 1000) / 20;
  };
  const timeRouted = async () => {
    const t0 = performance.now();
    for (let k = 0; k < 20; k++) await routed();
    return ((performance.now() - t0) * 1000) / 20;
  };
  for (let i = 0; i < 200; i++) {
    alone();
    await routed();
  }
  const a: number[] = [];
  const b: number[] = [];
  const start = performance.now();
  while (a.length < 60 || performance.now() - start < 1500) {
    a.push(timeAlone());
    b.push(await timeRouted());
  }
  if (matched === 0) throw new Error('the rule matched nothing: the figure would measure nothing');
  return row(
    `router: route 500 delivered strings, local rule (labelled legal)`,
    median(b),
    'µs',
    median(a),
    2,
  );
}

/**
 * What one API request to the service costs beyond the emulator's own work: the network round trip and the
 * service's processing (a conservative 50 ms; requests to Crowdin's API from a server near it take more).
 */
const SERVICE_RTT_MS = 50;
const WHOLE_RULE = 'max length > 0 and not is duplicate';

async function wholeBatch(rttMs: number): Promise<BenchRow> {
  const em = await startEmulator({
    organization: 'acme',
    // Nothing is delivered by the emulator itself: the bench posts each delivery.
    apps: { batchIntervalSeconds: 3600, batchMaxEvents: 1_000_000 },
  });
  const client = (
    await call<typeof APPS_ROUTES.clients, { clientId: string; clientSecret: string }>(
      em.url,
      APPS_ROUTES.clients,
      {
        body: {
          name: 'CroQL Router',
          scopes: 'project',
        },
      },
    )
  ).json;
  // When the router's latest PATCH was answered: a delivery's figure ends there (what the row names), not
  // when the router has also deleted the strings from its inbox (bookkeeping no one waits for).
  let lastPatchAnswered = 0;
  const rt = await startRouter({
    service: em.url,
    ...client,
    fetch: async (url, init) => {
      if (rttMs > 0 && url.includes('/api/')) await new Promise((r) => setTimeout(r, rttMs));
      const answer = await fetch(url, init);
      if (init.method === 'PATCH') lastPatchAnswered = performance.now();
      return answer;
    },
  });
  try {
    await call(em.url, APPS_ROUTES.install, { body: { manifestUrl: `${rt.url}/manifest.json` } });
    const step = (
      await call(em.url, APPS_ROUTES.addStep, {
        params: ['croql-router'],
        body: {
          projectId: 1,
          moduleKey: STEP_MODULE_KEY,
          languages: ['uk'],
        },
      })
    ).json;
    const saved = await call(em.url, APPS_ROUTES.saveSettings, {
      params: ['croql-router', step.id],
      body: {
        settings: { rules: [{ query: WHOLE_RULE, output: 'true' }], default: 'false' },
      },
    });
    if (saved.status !== 200) throw new Error(`saving the settings answered ${saved.status}`);
    const overview = (await call(em.url, APPS_ROUTES.overview)).json;
    const secret = overview.apps.find((a) => a.appId === 'croql-router')!.appSecret;
    const visible = em.config.data.strings.filter((s) => !s.isHidden).slice(0, BATCH);
    const ids = visible.map((s) => s.id as number);
    const api = rt.client('acme')!;
    const path = statusPath(1, step.id, 'uk');
    const ops = ids.map((id) => ({ op: 'replace', path: `/${id}/output`, value: 'false' }));
    const onStep = async () => {
      const sent = await call(em.url, APPS_ROUTES.send, {
        params: [step.id],
        body: {
          stringIds: ids,
          languages: ['uk'],
        },
      });
      if (sent.json.needProcess !== BATCH) throw new Error('the strings did not reach the step');
    };
    // The emulator's own delivery of the 500 strings (its full payload, about 1.1 MB), routed once.
    await onStep();
    await call(em.url, APPS_ROUTES.flush);
    // A flushed batch is logged at once and built and sent in turns after (F6): wait until it was
    // delivered, so its fixture has its body, then until the router has routed it.
    const { json: log } = await waitFor('the flushed batch to be delivered', async () => {
      const answer = await call(em.url, APPS_ROUTES.deliveries, {
        query: { kind: 'webhook', state: 'delivered', limit: 1 },
      });
      return answer.json.data.length ? answer : null;
    });
    await rt.engine.settled();
    const fixture = (await call(em.url, APPS_ROUTES.fixture, { params: [log.data[0]!.id] })).json;
    const events = (
      JSON.parse(fixture.body) as { events: { stringStatus: { translation: { revision: number } } }[] }
    ).events;
    if (events.length !== BATCH)
      throw new Error(`the emulator delivered ${events.length} events, not ${BATCH}`);
    let revision = 1000;
    const delivered = async () => {
      // The same delivery at a new revision each time: the router drops a repeat, and this must be routed.
      revision++;
      for (const e of events) e.stringStatus.translation.revision = revision;
      const body = JSON.stringify({ events });
      const headers = {
        ...fixture.headers,
        'X-Crowdin-Signature': signatureOf(new TextEncoder().encode(body), secret),
      };
      await onStep();
      const t0 = performance.now();
      const res = await fetch(fixture.url, { method: 'POST', headers, body });
      if (!res.ok) throw new Error(`the router answered ${res.status}`);
      await rt.engine.settled();
      if (lastPatchAnswered < t0) throw new Error('the delivery was settled without a PATCH');
      return lastPatchAnswered - t0;
    };
    const patchedAlone = async () => {
      await onStep();
      const t0 = performance.now();
      await api.request('PATCH', path, { body: ops });
      return performance.now() - t0;
    };
    for (let i = 0; i < 5; i++) {
      await delivered();
      await patchedAlone();
    }
    const whole: number[] = [];
    const alone: number[] = [];
    for (let i = 0; i < 25; i++) {
      whole.push(await delivered());
      alone.push(await patchedAlone());
    }
    const routed = rt.logs.filter((l) => l.includes('500 strings routed')).length;
    if (routed < 30) throw new Error(`only ${routed} deliveries were routed`);
    return rttMs > 0
      ? row(
          `router: a 500-string delivery to its last PATCH, API round trip ${rttMs} ms`,
          median(whole),
          'ms',
          median(alone),
          1.5,
        )
      : row('router: the same on loopback (no round trip)', median(whole), 'ms', median(alone), null);
  } finally {
    await rt.close();
    await em.close();
  }
}

/** Polls `probe` until it gives a value; past a minute it fails, saying what it waited for. */
async function waitFor<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`router bench: waited a minute for ${what}`);
}

export default async function bench(): Promise<BenchRow[]> {
  return [await routing(), await wholeBatch(SERVICE_RTT_MS), await wholeBatch(0)];
}
