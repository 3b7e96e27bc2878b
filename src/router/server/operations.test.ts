// The operator's routes: /health against a real PostgreSQL server that stops, /metrics parsed as
// Prometheus' text format after deliveries, API calls and a 429; and the JSON log lines.
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createRouter } from './app.ts';
import { signatureOf } from './auth.ts';
import { jsonLogger } from '../../app-server/log.ts';
import { openPostgres } from '../../app-server/store/sql.ts';
import { RouterMetrics } from './metrics.ts';
import { WEBHOOK_MODULE_KEY } from './manifest.ts';
import { RouterStore } from './store.ts';
import { startPostgres, type TestPostgres } from './store/test-postgres.ts';

let pg: TestPostgres | null = null;
afterAll(() => pg?.stop());

/** Prometheus' text format, as a scraper reads it: `name{labels} value` samples, by series. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`Not Prometheus' text format: ${line}`);
    samples.set(`${m[1]}${m[2] ?? ''}`, Number(m[3]));
  }
  return samples;
}

describe('GET /health', () => {
  it('says the database is reachable, and 503 with the reason once it is not', async () => {
    pg = await startPostgres();
    const store = await RouterStore.open(pg.url);
    const router = createRouter({
      config: {
        identifier: 'croql-router',
        baseUrl: 'http://127.0.0.1:1',
        clientId: 'c',
        clientSecret: 's',
        endpoints: { accountsUrl: 'http://service.test', apiUrl: 'http://service.test' },
      },
      store,
      log: { info() {}, warn() {}, error() {} },
    });
    try {
      const up = await router.app.request('/health');
      expect([up.status, await up.json()]).toEqual([
        200,
        { ok: true, database: 'reachable', installations: 0, pending: 0 },
      ]);
      await pg.stop();
      pg = null;
      const down = await router.app.request('/health');
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({
        ok: false,
        database: 'unreachable',
        problem: expect.stringMatching(/^The database does not answer: ./),
      });
    } finally {
      router.engine.stop();
      await store.close().catch(() => undefined);
    }
  }, 180_000);

  it('lives on when the database stops in the middle of a transaction: the transaction fails, nothing else', async () => {
    pg = await startPostgres();
    const sql = await openPostgres(pg.url);
    try {
      const stopped = sql.transaction(async (tx) => {
        await tx.query('select 1');
        await pg!.stop();
        pg = null;
        return tx.query('select 1');
      });
      await expect(stopped).rejects.toThrow();
      // The dropped connection was the transaction's to report (an 'error' nobody heard ends the process).
      await expect(sql.query('select 1')).rejects.toThrow();
    } finally {
      await sql.close().catch(() => undefined);
    }
  }, 180_000);
});

describe('GET /metrics', () => {
  it('counts deliveries, API calls and 429s per organization, routing latency and the inbox', async () => {
    let clock = 1_000_000;
    const metrics = new RouterMetrics(() => clock);
    const service = new Hono();
    let throttle = 1;
    service.patch('/api/v2/projects/1/workflow-steps/12/languages/uk/status', (c) =>
      throttle-- > 0 ? c.json({}, 429) : c.json({ data: [] }),
    );
    const fetch = metrics.countingFetch('acme', async (url, init) => service.request(url, init));
    metrics.accepted('acme', [
      { stepId: 12, languageId: 'uk', string: { id: 7 } },
      { stepId: 12, languageId: 'uk', string: { id: 8 } },
    ]);
    const patch = {
      method: 'PATCH',
      body: JSON.stringify([
        { op: 'replace', path: '/7/output', value: 'true' },
        { op: 'replace', path: '/8/output', value: 'false' },
      ]),
    };
    const url = 'http://service.test/api/v2/projects/1/workflow-steps/12/languages/uk/status';
    expect((await fetch(url, patch)).status).toBe(429);
    clock += 2_000;
    expect((await fetch(url, patch)).status).toBe(200);
    metrics.delivery('acme', 200);
    metrics.delivery('unknown', 401);
    metrics.setInboxDepth(() => 3);

    const { body, contentType } = await metrics.scrape();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(body);
    expect(samples.get('croql_router_deliveries_received_total{organization="acme",status="200"}')).toBe(1);
    expect(samples.get('croql_router_deliveries_received_total{organization="unknown",status="401"}')).toBe(
      1,
    );
    expect(samples.get('croql_router_api_calls_total{organization="acme",status="429"}')).toBe(1);
    expect(samples.get('croql_router_api_calls_total{organization="acme",status="200"}')).toBe(1);
    expect(samples.get('croql_router_api_throttled_total{organization="acme"}')).toBe(1);
    expect(samples.get('croql_router_inbox_depth')).toBe(3);
    // Both strings routed 2 s after their delivery (the 429'd PATCH routed nothing).
    expect(samples.get('croql_router_routing_latency_seconds_count')).toBe(2);
    expect(samples.get('croql_router_routing_latency_seconds_sum')).toBe(4);
    expect(samples.get('croql_router_routing_latency_seconds_bucket{le="1"}')).toBe(0);
    expect(samples.get('croql_router_routing_latency_seconds_bucket{le="2.5"}')).toBe(2);
  });

  it('is served by the router, with deliveries of organizations not installed counted as "unknown"', async () => {
    pg ??= await startPostgres();
    const real = await RouterStore.open(pg.url);
    const router = createRouter({
      config: {
        identifier: 'croql-router',
        baseUrl: 'http://127.0.0.1:1',
        clientId: 'c',
        clientSecret: 's',
        endpoints: { accountsUrl: 'http://service.test', apiUrl: 'http://service.test' },
      },
      store: real,
      log: { info() {}, warn() {}, error() {} },
    });
    try {
      const body = '{"events":[]}';
      for (const domain of ['nobody-1', 'nobody-2']) {
        await router.app.request('/webhooks', {
          method: 'POST',
          body,
          headers: {
            'X-Crowdin-Id': '5',
            'X-Crowdin-Domain': domain,
            'X-Module-Key': WEBHOOK_MODULE_KEY,
            'X-Crowdin-Signature': signatureOf(new TextEncoder().encode(body), 'x'),
          },
        });
      }
      const res = await router.app.request('/metrics');
      expect(res.status).toBe(200);
      const samples = parseExposition(await res.text());
      expect(samples.get('croql_router_deliveries_received_total{organization="unknown",status="401"}')).toBe(
        2,
      );
      expect([...samples.keys()].join(' ')).not.toContain('nobody');
    } finally {
      router.engine.stop();
      await real.close().catch(() => undefined);
    }
  }, 180_000);
});

describe('the log', () => {
  it('is one JSON object per line, with time, level, message and fields', () => {
    const lines: string[] = [];
    const log = jsonLogger(
      { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) },
      () => new Date('2026-11-29T05:00:00Z'),
    );
    log.info('Installed for acme.', { organization: 'acme' });
    log.warn('A "quoted"\nmessage');
    expect(lines.every((l) => l.endsWith('\n') && l.indexOf('\n') === l.length - 1)).toBe(true);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { time: '2026-11-29T05:00:00.000Z', level: 'info', msg: 'Installed for acme.', organization: 'acme' },
      { time: '2026-11-29T05:00:00.000Z', level: 'warn', msg: 'A "quoted"\nmessage' },
    ]);
  });
});
