// The app server's relay against a real emulator (in-process, over HTTP), upstreams on real sockets that
// misbehave, and a recording fake upstream.
import { serve, type ServerType } from '@hono/node-server';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_CLIENT } from '../emulator/config.ts';
import { startEmulator, submitConsent, type RunningEmulator } from '../emulator/testing.ts';
import { createRelayApp } from './app.ts';
import { relayConfig } from './config.ts';

const REDIRECT = 'http://127.0.0.1:5173/callback';
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

async function approvedCode(): Promise<string> {
  const res = await submitConsent(emulator.url, {
    redirect_uri: REDIRECT,
    state: 's',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
  });
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

function post(app: ReturnType<typeof createRelayApp>, body: unknown) {
  return app.request('/auth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('GET /auth/config', () => {
  it('describes the three connections from the environment', async () => {
    const app = createRelayApp({
      config: relayConfig({
        CROQL_EMULATOR_URL: 'http://127.0.0.1:4318/',
        CROQL_CLIENT_ID: 'real-id',
        CROQL_CLIENT_SECRET: 's3cret',
      }),
    });
    const body = await (await app.request('/auth/config')).json();
    expect(body).toEqual({
      emulator: {
        apiUrl: 'http://127.0.0.1:4318/api/v2',
        authorizeUrl: 'http://127.0.0.1:4318/oauth/authorize',
        clientId: 'croql-playground',
      },
      standard: {
        apiUrl: 'https://api.crowdin.com/api/v2',
        authorizeUrl: 'https://accounts.crowdin.com/oauth/authorize',
        clientId: 'real-id',
      },
      enterprise: {
        apiUrlTemplate: 'https://{domain}.api.crowdin.com/api/v2',
        authorizeUrl: 'https://accounts.crowdin.com/oauth/authorize',
        clientId: 'real-id',
      },
      scopes: 'project.settings project.member project.source project.translation tm glossary',
    });
    expect(JSON.stringify(body)).not.toContain('s3cret');
    const unconfigured = await (
      await createRelayApp({ config: relayConfig({}) }).request('/auth/config')
    ).json();
    expect(unconfigured.standard.clientId).toBeNull();
    expect(unconfigured.emulator.apiUrl).toBe('http://127.0.0.1:8787/api/v2');
  });
});

describe('POST /auth/token', () => {
  it('exchanges a code with the emulator and refreshes with the secret it adds', async () => {
    const log = vi.spyOn(console, 'log');
    const error = vi.spyOn(console, 'error');
    const app = createRelayApp({ config: relayConfig({ CROQL_EMULATOR_URL: emulator.url }) });
    const res = await post(app, {
      connection: 'emulator',
      grant_type: 'authorization_code',
      code: await approvedCode(),
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
    });
    expect(res.status).toBe(200);
    const tokens = await res.json();
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 7200, scope: 'project tm glossary' });
    const api = await fetch(`${emulator.url}/api/v2/user`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect((await api.json()).data.username).toBe('alice');

    const refreshed = await post(app, {
      connection: 'emulator',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const again = await post(app, {
      connection: 'emulator',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('invalid_grant');
    expect(log).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('forwards to the real accounts host with the configured client, and passes errors through', async () => {
    const calls: { url: string; body: Record<string, string> }[] = [];
    const fakeFetch = async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(init.body as string) });
      return Response.json({ error: 'invalid_grant', error_description: 'Code expired' }, { status: 400 });
    };
    const app = createRelayApp({
      config: relayConfig({ CROQL_CLIENT_ID: 'real-id', CROQL_CLIENT_SECRET: 's3cret' }),
      fetch: fakeFetch,
    });
    const res = await post(app, {
      connection: 'enterprise',
      grant_type: 'refresh_token',
      refresh_token: 'r1',
      domain: 'acme',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'Code expired' });
    expect(calls).toEqual([
      {
        url: 'https://accounts.crowdin.com/oauth/token',
        body: {
          grant_type: 'refresh_token',
          client_id: 'real-id',
          client_secret: 's3cret',
          refresh_token: 'r1',
        },
      },
    ]);
  });

  it('says clearly what is wrong', async () => {
    const emulatorDown = createRelayApp({
      config: relayConfig({ CROQL_EMULATOR_URL: 'http://127.0.0.1:1' }),
    });
    const down = await post(emulatorDown, {
      connection: 'emulator',
      grant_type: 'refresh_token',
      refresh_token: 'r',
    });
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({
      error: 'upstream_unreachable',
      error_description: expect.stringContaining('npm run emulator'),
    });

    const remote = createRelayApp({ config: relayConfig({ CROQL_EMULATOR_URL: 'http://evil.example' }) });
    const refused = await post(remote, {
      connection: 'emulator',
      grant_type: 'refresh_token',
      refresh_token: 'r',
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe('upstream_not_allowed');

    const unconfigured = createRelayApp({ config: relayConfig({}) });
    const missing = await post(unconfigured, {
      connection: 'standard',
      grant_type: 'refresh_token',
      refresh_token: 'r',
    });
    expect(missing.status).toBe(503);
    expect((await missing.json()).error_description).toContain('CROQL_CLIENT_ID');

    for (const body of ['not json', { connection: 'mars', grant_type: 'refresh_token' }]) {
      const bad = await post(unconfigured, body);
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toBe('invalid_request');
    }
    const grant = await post(unconfigured, { connection: 'emulator', grant_type: 'password' });
    expect((await grant.json()).error).toBe('unsupported_grant_type');
  });
});

describe('what the relay takes', () => {
  it('takes only JSON bodies', async () => {
    const app = createRelayApp({ config: relayConfig({ CROQL_EMULATOR_URL: emulator.url }) });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await app.request('/auth/token', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: JSON.stringify({ connection: 'emulator', grant_type: 'refresh_token', refresh_token: 'r' }),
      });
      expect(res.status, type).toBe(415);
      expect((await res.json()).error).toBe('invalid_request');
    }
  });

  it('refuses large bodies before reading them, whether their length is declared or streamed', async () => {
    const calls: string[] = [];
    const app = createRelayApp({
      config: relayConfig({ CROQL_EMULATOR_URL: emulator.url }),
      fetch: async (url) => {
        calls.push(url);
        return Response.json({});
      },
    });
    const big = JSON.stringify({
      connection: 'emulator',
      grant_type: 'refresh_token',
      refresh_token: 'r'.repeat(50_000),
    });
    const declared = await post(app, big);
    expect(declared.status).toBe(413);
    const streamed = await app.request('/auth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(calls).toEqual([]);
  });
});

describe('POST /auth/revoke', () => {
  it('revokes the session at the emulator: its refresh and access tokens stop working', async () => {
    const app = createRelayApp({ config: relayConfig({ CROQL_EMULATOR_URL: emulator.url }) });
    const tokens = await (
      await post(app, {
        connection: 'emulator',
        grant_type: 'authorization_code',
        code: await approvedCode(),
        code_verifier: VERIFIER,
        redirect_uri: REDIRECT,
      })
    ).json();
    const revoke = (body: unknown) =>
      app.request('/auth/revoke', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await revoke({
      connection: 'emulator',
      token: tokens.refresh_token,
      token_type_hint: 'refresh_token',
    });
    expect(res.status).toBe(200);
    const api = await fetch(`${emulator.url}/api/v2/user`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.status).toBe(401);
    const refreshed = await post(app, {
      connection: 'emulator',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect((await refreshed.json()).error).toBe('invalid_grant');
  });

  it('says that the service has no revocation endpoint, without calling it', async () => {
    const calls: string[] = [];
    const app = createRelayApp({
      config: relayConfig({ CROQL_CLIENT_ID: 'real-id', CROQL_CLIENT_SECRET: 's3cret' }),
      fetch: async (url) => {
        calls.push(url);
        return Response.json({});
      },
    });
    const res = await app.request('/auth/revoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ connection: 'standard', token: 't' }),
    });
    expect(await res.json()).toMatchObject({ revoked: false });
    expect(calls).toEqual([]);
  });
});

/** An upstream on a real socket: records each request (path and JSON body) and answers with `handle`. */
async function upstream(handle: (req: IncomingMessage, res: ServerResponse, url: string) => void) {
  const requests: { path: string; body: Record<string, string> }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ path: req.url!, body: JSON.parse(body || '{}') });
      handle(req, res, url);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, requests, close };
}

/** The relay itself on a real socket, forwarding the emulator connection to `emulatorUrl`. */
async function relayOn(emulatorUrl: string, timeoutMs?: number) {
  const app = createRelayApp({ config: relayConfig({ CROQL_EMULATOR_URL: emulatorUrl }), timeoutMs });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    post: async (path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, string> };
    },
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const REFRESH = { connection: 'emulator', grant_type: 'refresh_token', refresh_token: 'the-refresh-token' };
const TOKENS = { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 7200 };

describe('the upstream, over real sockets', () => {
  it('never follows a redirect off the allow-list: the secret and the refresh token stay home', async () => {
    const thief = await upstream((_req, res) =>
      res.end(JSON.stringify({ ...TOKENS, access_token: 'forged' })),
    );
    let status = 307;
    const accounts = await upstream((req, res, url) => {
      if (req.url === '/oauth/token') {
        // First to another host (the thief, another port), then within the accounts host.
        res.writeHead(status, { Location: status === 308 ? `${url}/oauth/token2` : `${thief.url}/steal` });
        res.end();
      } else res.end(JSON.stringify(TOKENS));
    });
    const relay = await relayOn(accounts.url);
    try {
      for (const code of [307, 308, 301, 302, 303]) {
        status = code === 308 ? 307 : code;
        const res = await relay.post('/auth/token', REFRESH);
        expect(res.status, `HTTP ${code}`).toBe(502);
        expect(res.json).toMatchObject({
          error: 'upstream_redirect',
          error_description: expect.stringContaining('did not follow'),
        });
      }
      expect(thief.requests).toEqual([]);

      // A 308 within the allowed host keeps method and body, and is followed.
      status = 308;
      const followed = await relay.post('/auth/token', REFRESH);
      expect(followed).toEqual({ status: 200, json: TOKENS });
      expect(accounts.requests.at(-1)).toMatchObject({
        path: '/oauth/token2',
        body: { refresh_token: 'the-refresh-token', client_secret: DEMO_CLIENT.secret },
      });
    } finally {
      await Promise.all([relay.close(), accounts.close(), thief.close()]);
    }
  });

  it('stops reading an answer past 64 KiB, declared or streamed', async () => {
    let streamedClosed = false;
    const accounts = await upstream((req, res) => {
      if (req.url === '/oauth/revoke') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(10 * 2 ** 20) });
        res.write('{"a":"');
        return;
      }
      // An endless answer: only the relay hanging up ends it.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.on('close', () => (streamedClosed = true));
      const chunk = 'x'.repeat(16 * 1024);
      const more = () => {
        while (res.write(chunk));
        res.once('drain', more);
      };
      res.write('{"access_token":"');
      more();
    });
    const relay = await relayOn(accounts.url);
    try {
      const streamed = await relay.post('/auth/token', REFRESH);
      expect(streamed.status).toBe(502);
      expect(streamed.json).toMatchObject({
        error: 'upstream_invalid_response',
        error_description: expect.stringContaining('64 KiB'),
      });
      await expect.poll(() => streamedClosed).toBe(true);
      const declared = await relay.post('/auth/revoke', { connection: 'emulator', token: 't' });
      expect(declared.json.error).toBe('upstream_invalid_response');
    } finally {
      await Promise.all([relay.close(), accounts.close()]);
    }
  });

  it('answers a read that times out with 504 and an empty token answer with 502, never 200 {}', async () => {
    let mode: 'stall' | 'empty' = 'stall';
    const accounts = await upstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // Headers, then a body that never ends; or an empty body.
      if (mode === 'stall') res.write(' ');
      else res.end();
    });
    const relay = await relayOn(accounts.url, 300);
    try {
      const stalled = await relay.post('/auth/token', REFRESH);
      expect(stalled.status).toBe(504);
      expect(stalled.json.error).toBe('upstream_timeout');
      expect((await relay.post('/auth/revoke', { connection: 'emulator', token: 't' })).status).toBe(504);
      mode = 'empty';
      const empty = await relay.post('/auth/token', REFRESH);
      expect(empty.status).toBe(502);
      expect(empty.json.error).toBe('upstream_invalid_response');
      // RFC 7009: an empty 200 is a revocation's usual answer.
      expect(await relay.post('/auth/revoke', { connection: 'emulator', token: 't' })).toEqual({
        status: 200,
        json: {},
      });
    } finally {
      await Promise.all([relay.close(), accounts.close()]);
    }
  });
});
