// Faults on demand, over real HTTP: each kind of rule as a client sees it, how rules pick requests, how
// long they last, and the refusal of bad rules.
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaultsResponse, LimitsResponse } from '../../../wire/faults.ts';
import { edgePage } from '../api/edge.ts';
import { limitsOf, startEmulator, type RunningEmulator } from '../testing.ts';

let emulator: RunningEmulator;
let alice: string;
let bob: string;
let now = Date.parse('2026-11-28T12:00:00Z');

beforeAll(async () => {
  emulator = await startEmulator({ clock: () => now });
  alice = emulator.personalToken('alice');
  bob = emulator.personalToken('bob');
});
afterAll(() => emulator.close());
afterEach(async () => {
  await control('DELETE', '/__faults');
});

async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(`${emulator.url}${path}`, {
    method,
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const setRules = (rules: unknown[], seed?: number) => control('POST', '/__faults', { rules, seed });

/** The account's API requests in flight, by the limits meter. */
const inFlight = async (account: string) => (await limitsOf(emulator, account)).inFlight;

async function api(path: string, token = alice) {
  const res = await fetch(`${emulator.url}/api/v2${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    headers: res.headers,
    text: await res.text(),
  };
}

describe('a status rule', () => {
  it('answers the minimum rule twice with the service’s 429, then lets requests through; GET shows it fired twice', async () => {
    const set = await setRules([
      { method: 'GET', path: '/api/v2/projects/*/strings', status: 429, count: 2 },
    ]);
    expect(set.status).toBe(201);
    const first = await api('/projects/1/strings?limit=1');
    expect(first.status).toBe(429);
    expect(first.type).toBe('text/html');
    expect(first.text).toBe(edgePage(429));
    expect(first.text).toContain('<title>429 Too Many Requests</title>');
    expect(first.headers.get('server')).toBe('nginx');
    expect(first.headers.get('retry-after')).toBeNull();
    expect((await api('/projects/1/strings?limit=1')).status).toBe(429);
    expect((await api('/projects/1/strings?limit=1')).status).toBe(200);
    // Another path is not picked: `*` is one segment only.
    expect((await api('/projects/1')).status).toBe(200);
    const state = (await control('GET', '/__faults')).json as FaultsResponse;
    expect(state.rules).toEqual([
      expect.objectContaining({ fired: 2, state: 'ended', rule: expect.objectContaining({ id: 'rule-1' }) }),
    ]);
  });

  it('answers 500 in the API’s JSON shape and 502, 503, 504 with the gateway’s HTML page; without count until deleted', async () => {
    for (const status of [500, 502, 503, 504] as const) {
      await setRules([{ path: '/api/v2/projects/1', status }]);
      for (let i = 0; i < 3; i++) {
        const answer = await api('/projects/1');
        expect(answer.status).toBe(status);
        if (status === 500)
          expect(JSON.parse(answer.text)).toEqual({ error: { message: 'Internal Server Error', code: 500 } });
        else expect(answer.text).toBe(edgePage(status));
      }
      await control('DELETE', '/__faults');
      expect((await api('/projects/1')).status).toBe(200);
    }
  });

  it('picks by listing, by account and by method; the OAuth server can fail too', async () => {
    await setRules([
      { listing: 'translations', status: 503 },
      { account: 'bob', path: '/api/v2/user', status: 502 },
      { method: 'POST', path: '/oauth/token', status: 504 },
    ]);
    expect((await api('/projects/1/languages/uk/translations?limit=1')).status).toBe(503);
    expect((await api('/projects/1/strings?limit=1')).status).toBe(200);
    expect((await api('/user', alice)).status).toBe(200);
    expect((await api('/user', bob)).status).toBe(502);
    const token = await fetch(`${emulator.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect([token.status, await token.text()]).toEqual([504, edgePage(504)]);
  });

  it('with a probability, picks the same requests for the same seed', async () => {
    const run = async () => {
      await control('DELETE', '/__faults');
      await setRules([{ path: '/api/v2/user', status: 503, probability: 0.5 }], 42);
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) statuses.push((await api('/user')).status);
      return statuses;
    };
    const first = await run();
    expect(new Set(first)).toEqual(new Set([200, 503]));
    expect(await run()).toEqual(first);
    const state = (await control('GET', '/__faults')).json as FaultsResponse;
    expect(state.seed).toBe(42);
    expect(state.rules[0]!.fired + state.rules[0]!.passed).toBe(24);
  });

  it('within a time window only', async () => {
    await setRules([{ path: '/api/v2/user', status: 500, afterSeconds: 10, forSeconds: 5 }]);
    expect((await api('/user')).status).toBe(200);
    now += 10_000;
    expect((await api('/user')).status).toBe(500);
    now += 5_000;
    expect((await api('/user')).status).toBe(200);
    expect(((await control('GET', '/__faults')).json as FaultsResponse).rules[0]!.state).toBe('ended');
  });
});

describe('a latency rule', () => {
  it('holds requests in their slots of the account’s limit until it is deleted; the 21st gets the 429', async () => {
    await setRules([{ path: '/api/v2/user', account: 'bob', latencyMs: 120_000 }]);
    const held = Array.from({ length: 20 }, () => api('/user', bob));
    await expect.poll(() => inFlight('bob')).toBe(20);
    const refused = await api('/projects/1', bob);
    expect([refused.status, refused.text]).toEqual([429, edgePage(429)]);
    expect((await api('/projects/1', alice)).status).toBe(200);
    const limits = (await control('GET', '/__limits')).json as LimitsResponse;
    expect(limits.max).toBe(20);
    expect(limits.accounts.find((a) => a.account === 'bob')).toMatchObject({
      inFlight: 20,
      refused: 1,
      peak: 20,
    });
    await control('DELETE', '/__faults');
    expect((await Promise.all(held)).map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
  });
});

describe('a latency rule with jitter', () => {
  it('holds requests on every API path with `**` until it is deleted', async () => {
    await setRules([{ path: '/api/v2/**', account: 'bob', latencyMs: 120_000, latencyJitterMs: 60_000 }]);
    const held = [api('/projects/1/strings?limit=1', bob), api('/user', bob)];
    await expect.poll(() => inFlight('bob')).toBe(2);
    await control('DELETE', '/__faults');
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
  });
});

describe('a reset rule', () => {
  it('closes the connection without an answer', async () => {
    await setRules([{ path: '/api/v2/user', reset: true, count: 1 }]);
    const outcome = await new Promise<string>((resolve) => {
      const req = httpRequest(
        `${emulator.url}/api/v2/user`,
        { headers: { Authorization: `Bearer ${alice}` }, agent: false },
        (res) => {
          res.resume();
          resolve(`answered ${res.statusCode}`);
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      req.end();
    });
    expect(outcome).toMatch(/ECONNRESET|socket hang up/);
    expect((await api('/user')).status).toBe(200);
  });
});

describe('rules that are refused', () => {
  it('says why, for each rule, and adds none of them', async () => {
    const refused = await setRules([
      { path: '/api/v2/user', status: 429 },
      { path: '/__apps/flush', status: 500 },
      { path: '/api/v2/user', status: 418 },
      { path: '/api/v2/user', status: 500, reset: true },
      { path: '/api/v2/user' },
      { listing: 'nope', status: 500 },
      { delivery: 'delay' },
      { path: '/api/v2/user', status: 500, colour: 'red' },
      { path: '/api/v2/user', latencyJitterMs: 100 },
    ]);
    expect(refused.status).toBe(400);
    const message: string = refused.json.error.message;
    expect(message).toContain('Rule 2, a request rule: "path" must start with /api/v2 or /oauth');
    expect(message).toContain('Rule 3, a request rule: "status" must be one of 429, 500, 502, 503, 504.');
    expect(message).toContain(
      'Rule 4 must do exactly one thing: "status", "latencyMs" or "reset" (it has status and reset).',
    );
    expect(message).toContain('Rule 5 must do exactly one thing');
    expect(message).toContain('Rule 6: "nope" is not a listing.');
    expect(message).toContain('Rule 7: "delivery": "delay" needs "delayMs".');
    expect(message).toContain('Rule 8, a request rule: "colour" is not a key of this kind of rule.');
    expect(message).toContain('Rule 9: "latencyJitterMs" goes with "latencyMs" only');
    expect(message).not.toContain('Rule 1');
    expect(((await control('GET', '/__faults')).json as FaultsResponse).rules).toEqual([]);
    expect((await control('POST', '/__faults', { rules: {} })).json.error.message).toContain(
      '"rules" must be an array',
    );
  });

  it('takes rules only as JSON, from this machine', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'Content-Type': 'text/plain' },
      { 'Content-Type': 'text/plain; x=application/json' },
    ]) {
      const res = await fetch(`${emulator.url}/__faults`, { method: 'DELETE', headers });
      expect(res.status).toBe(415);
    }
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${emulator.url}/__faults`,
        { headers: { Host: 'evil.example' }, agent: false },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(rebound).toBe(403);
  });
});
