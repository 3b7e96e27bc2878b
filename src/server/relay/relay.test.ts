// The app server's relay against a real emulator (in-process, over HTTP) and a recording fake upstream.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/testing.ts';
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
  const form = new URLSearchParams({
    client_id: 'croql-playground',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'project tm glossary',
    state: 's',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    decision: 'approve',
    user: '1',
  });
  const res = await fetch(`${emulator.url}/oauth/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
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
