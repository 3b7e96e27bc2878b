// OAuth conformance of the emulator's accounts side (spec 000, RFC 6749, RFC 7636), over real HTTP.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CLIENT } from './config.ts';
import {
  authorizeUrl,
  demoData,
  DEMO_REDIRECT,
  RFC7636_CHALLENGE,
  RFC7636_VERIFIER,
  consentForm,
  postConsent,
  startEmulator,
  submitConsent,
  type RunningEmulator,
} from './testing.ts';

let now = Date.UTC(2025, 0, 1);
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ clock: () => now, tokenTtl: 60, testHooks: true });
});
afterAll(() => emulator.close());
beforeEach(() => {
  now = Date.UTC(2025, 0, 1);
});

/** Opens the consent page and presses a button; returns where the browser is sent. */
async function consent(params: Record<string, string>, decision = 'approve', user = '2'): Promise<URL> {
  const res = await submitConsent(emulator.url, params, { decision, user });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

async function codeFor(
  params: Record<string, string> = { code_challenge: RFC7636_CHALLENGE, code_challenge_method: 'S256' },
) {
  const location = await consent(params);
  expect(location.searchParams.get('state')).toBe('xyz');
  return location.searchParams.get('code')!;
}

async function token(body: Record<string, string>, asForm = false) {
  const res = await fetch(new URL('/oauth/token', emulator.url), {
    method: 'POST',
    headers: { 'Content-Type': asForm ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: asForm ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

const exchange = (code: string, extra: Record<string, string> = {}) =>
  token({
    grant_type: 'authorization_code',
    client_id: DEMO_CLIENT.id,
    code,
    redirect_uri: DEMO_REDIRECT,
    code_verifier: RFC7636_VERIFIER,
    ...extra,
  });

async function apiStatus(accessToken: string): Promise<number> {
  const res = await fetch(`${emulator.url}/api/v2/projects`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return res.status;
}

function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

describe('authorization endpoint', () => {
  it('shows a consent page naming the client, the scopes and the demo users', async () => {
    const html = await (await fetch(authorizeUrl(emulator.url, {}))).text();
    expect(html).toContain('CroQL Playground');
    expect(html).toMatch(/<code>project<\/code>.*<code>tm<\/code>.*<code>glossary<\/code>/s);
    expect(html).toContain('<label for="user">Sign in as</label>');
    expect(html).toMatch(/<option value="1" selected>Alice Anderson \(alice\)<\/option>/);
    expect(html).toContain('>Approve</button>');
    expect(html).toContain('>Decline</button>');
  });

  it('redirects a decline with access_denied and the same state', async () => {
    const location = await consent({}, 'decline');
    expect(`${location.origin}${location.pathname}`).toBe(DEMO_REDIRECT);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('shows an error page, never a redirect, for an unknown client or an unregistered redirect_uri', async () => {
    for (const params of [
      { client_id: 'nope' },
      { redirect_uri: 'http://evil.example/callback' },
      { redirect_uri: '' },
    ]) {
      const res = await fetch(authorizeUrl(emulator.url, params), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });

  it('takes the callback of the playground origin the emulator was given, on any port, and only that one', async () => {
    const elsewhere = 'http://127.0.0.1:4400';
    const named = await startEmulator({ controlOrigins: [elsewhere] });
    try {
      const page = (redirect: string) =>
        fetch(authorizeUrl(named.url, { redirect_uri: redirect }), { redirect: 'manual' });
      expect((await page(`${elsewhere}/callback`)).status).toBe(200);
      expect((await page(DEMO_REDIRECT)).status).toBe(200);
      expect((await page('http://127.0.0.1:4401/callback')).status).toBe(400);
      // The playground there may read the API too.
      const preflight = await fetch(`${named.url}/api/v2/projects`, {
        method: 'OPTIONS',
        headers: { Origin: elsewhere, 'Access-Control-Request-Method': 'GET' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(elsewhere);
      // The default emulator does not know that origin.
      expect(
        (await fetch(authorizeUrl(emulator.url, { redirect_uri: `${elsewhere}/callback` }))).status,
      ).toBe(400);
    } finally {
      await named.close();
    }
  });

  it('rejects a challenge without a method and a method without a challenge', async () => {
    for (const params of [
      { code_challenge: RFC7636_CHALLENGE },
      { code_challenge_method: 'S256' },
      { code_challenge: RFC7636_CHALLENGE, code_challenge_method: 'S512' },
    ]) {
      const res = await fetch(authorizeUrl(emulator.url, params), { redirect: 'manual' });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('state')).toBe('xyz');
    }
  });
});

describe('the consent form against forgery', () => {
  const PARAMS = { code_challenge: RFC7636_CHALLENGE, code_challenge_method: 'S256' };
  /** The consent form as the page serves it, approved for user 2. */
  async function approvedForm() {
    const form = await consentForm(emulator.url, PARAMS);
    form.set('decision', 'approve');
    form.set('user', '2');
    return form;
  }
  async function expectRefused(res: Response, reason: RegExp) {
    expect(res.status).toBe(403);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toMatch(reason);
  }

  it("issues a code for the page's own post, as a browser sends it (no referrer, so Origin: null)", async () => {
    const res = await postConsent(emulator.url, await approvedForm(), {
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });

  it('refuses a post without the token, or with a token for another request, and issues nothing', async () => {
    const form = await approvedForm();
    const forged = new URLSearchParams(form);
    forged.delete('consent_token');
    await expectRefused(await postConsent(emulator.url, forged), /did not come from this consent page/);
    const widened = new URLSearchParams(form);
    widened.set('scope', '*');
    await expectRefused(await postConsent(emulator.url, widened), /did not come from this consent page/);
    const garbage = new URLSearchParams(form);
    garbage.set('consent_token', 'x.y');
    await expectRefused(await postConsent(emulator.url, garbage), /did not come from this consent page/);
  });

  it('refuses a post from another site even with a token, and a page left open too long', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
      { Origin: 'http://127.0.0.1:5173' },
    ]) {
      await expectRefused(await postConsent(emulator.url, await approvedForm(), headers), /another site/);
    }
    const form = await approvedForm();
    now += 11 * 60_000;
    await expectRefused(await postConsent(emulator.url, form), /open for too long/);
  });
});

describe('token endpoint', () => {
  it('exchanges a code with the RFC 7636 appendix B verifier for a signed JWT with sub, scope, exp', async () => {
    const { status, json, headers } = await exchange(await codeFor());
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBeNull();
    expect(json).toMatchObject({ token_type: 'bearer', expires_in: 60, scope: 'project tm glossary' });
    const c = claims(json.access_token as string);
    expect(c).toMatchObject({ sub: '2', scope: 'project tm glossary', exp: now / 1000 + 60 });
    expect(await apiStatus(json.access_token as string)).toBe(200);
  });

  it('accepts a form body and the plain method', async () => {
    const verifier = 'a'.repeat(43);
    const code = await codeFor({ code_challenge: verifier, code_challenge_method: 'plain' });
    const { status } = await token(
      {
        grant_type: 'authorization_code',
        client_id: DEMO_CLIENT.id,
        code,
        redirect_uri: DEMO_REDIRECT,
        code_verifier: verifier,
      },
      true,
    );
    expect(status).toBe(200);
  });

  it('needs the secret only without PKCE', async () => {
    const code = await codeFor({});
    expect((await exchange(code, { code_verifier: '' })).json.error).toBe('invalid_client');
    const again = await codeFor({});
    const ok = await token({
      grant_type: 'authorization_code',
      client_id: DEMO_CLIENT.id,
      client_secret: DEMO_CLIENT.secret,
      code: again,
      redirect_uri: DEMO_REDIRECT,
    });
    expect(ok.status).toBe(200);
  });

  it('rejects a wrong verifier', async () => {
    const wrong = createHash('sha256').update('x').digest('base64url') + 'aaaaaaaaaaa';
    const { status, json } = await exchange(await codeFor(), { code_verifier: wrong });
    expect(status).toBe(400);
    expect(json.error).toBe('invalid_grant');
  });

  it('rejects a mismatched redirect_uri', async () => {
    const { json } = await exchange(await codeFor(), { redirect_uri: 'http://localhost:4317/callback' });
    expect(json.error).toBe('invalid_grant');
  });

  it('rejects an expired code (10 minutes)', async () => {
    const code = await codeFor();
    now += 10 * 60 * 1000 + 1;
    const { json } = await exchange(code);
    expect(json).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('expired'),
    });
  });

  it('rejects a reused code and revokes what it issued', async () => {
    const code = await codeFor();
    const first = await exchange(code);
    expect(await apiStatus(first.json.access_token as string)).toBe(200);
    const second = await exchange(code);
    expect(second.json.error).toBe('invalid_grant');
    expect(await apiStatus(first.json.access_token as string)).toBe(401);
    const refresh = await token({
      grant_type: 'refresh_token',
      client_id: DEMO_CLIENT.id,
      client_secret: DEMO_CLIENT.secret,
      refresh_token: first.json.refresh_token as string,
    });
    expect(refresh.json.error).toBe('invalid_grant');
  });

  it('rotates refresh tokens, needs the secret, and kills a used refresh token', async () => {
    const first = (await exchange(await codeFor())).json;
    const refresh = (refresh_token: string, extra: Record<string, string> = {}) =>
      token({
        grant_type: 'refresh_token',
        client_id: DEMO_CLIENT.id,
        client_secret: DEMO_CLIENT.secret,
        refresh_token,
        ...extra,
      });
    const noSecret = await token({
      grant_type: 'refresh_token',
      client_id: DEMO_CLIENT.id,
      refresh_token: first.refresh_token as string,
    });
    expect(noSecret).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    const second = await refresh(first.refresh_token as string);
    expect(second.status).toBe(200);
    expect(second.json.refresh_token).not.toBe(first.refresh_token);
    expect(await apiStatus(second.json.access_token as string)).toBe(200);
    const dead = await refresh(first.refresh_token as string);
    expect(dead).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect((await refresh('made-up')).json.error).toBe('invalid_grant');
  });

  it('says a refresh token is from before a restart (still invalid_grant), and only then', async () => {
    const first = (await exchange(await codeFor())).json;
    const refresh = (refresh_token: string, url = emulator.url) =>
      fetch(new URL('/oauth/token', url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'refresh_token',
          client_id: DEMO_CLIENT.id,
          client_secret: DEMO_CLIENT.secret,
          refresh_token,
        }),
      }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, unknown> }));
    // Another run of the emulator (a restart keeps nothing) meets this run's refresh token.
    const restarted = await startEmulator({ clock: () => now, tokenTtl: 60 });
    try {
      const answer = await refresh(first.refresh_token as string, restarted.url);
      expect(answer).toMatchObject({
        status: 400,
        json: { error: 'invalid_grant', emulator_restarted: true },
      });
      expect(answer.json.error_description).toMatch(/before the emulator restarted/);
    } finally {
      await restarted.close();
    }
    // A made-up or reused token is only invalid.
    expect((await refresh('made-up')).json).not.toHaveProperty('emulator_restarted');
    expect((await refresh(first.refresh_token as string)).status).toBe(200);
    expect((await refresh(first.refresh_token as string)).json).not.toHaveProperty('emulator_restarted');
  });

  it('answers RFC 6749 errors for bad requests', async () => {
    expect((await token({ grant_type: 'password', client_id: DEMO_CLIENT.id })).json.error).toBe(
      'unsupported_grant_type',
    );
    expect((await token({ grant_type: 'authorization_code' })).json.error).toBe('invalid_request');
    expect(
      await token({
        grant_type: 'authorization_code',
        client_id: 'nope',
        code: 'x',
        redirect_uri: DEMO_REDIRECT,
      }),
    ).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
  });
});

describe('access tokens', () => {
  it('expire after their lifetime (401)', async () => {
    const { json } = await exchange(await codeFor());
    expect(await apiStatus(json.access_token as string)).toBe(200);
    now += 61_000;
    expect(await apiStatus(json.access_token as string)).toBe(401);
  });

  it('the test hook given one access token expires only that sign-in', async () => {
    const mine = (await exchange(await codeFor())).json;
    const theirs = (await exchange(await codeFor())).json;
    const url = `${emulator.url}/__emulator/expire-tokens?token=${mine.access_token as string}`;
    expect((await fetch(url, { method: 'POST' })).status).toBe(200);
    expect(await apiStatus(mine.access_token as string)).toBe(401);
    expect(await apiStatus(theirs.access_token as string)).toBe(200);
    const bad = await fetch(`${emulator.url}/__emulator/expire-tokens?token=forged`, { method: 'POST' });
    expect(bad.status).toBe(400);
  });

  it('all expire through the test hook, and a refresh brings a working one', async () => {
    const { json } = await exchange(await codeFor());
    const hook = await fetch(`${emulator.url}/__emulator/expire-tokens`, { method: 'POST' });
    expect(hook.status).toBe(200);
    expect(await apiStatus(json.access_token as string)).toBe(401);
    const renewed = await token({
      grant_type: 'refresh_token',
      client_id: DEMO_CLIENT.id,
      client_secret: DEMO_CLIENT.secret,
      refresh_token: json.refresh_token as string,
    });
    expect(await apiStatus(renewed.json.access_token as string)).toBe(200);
  });

  it('carry the organization domain for an enterprise emulator', async () => {
    const enterprise = await startEmulator({ organization: 'acme' });
    try {
      expect(claims(enterprise.personalToken('alice'))).toMatchObject({ domain: 'acme', sub: '1' });
    } finally {
      await enterprise.close();
    }
  });
});

describe('one-click sign-in (--auto-approve)', () => {
  it('approves the configured user without the consent page, unless the client asks for consent', async () => {
    const oneClick = await startEmulator({ autoApproveUser: 'Bob' });
    try {
      const url = new URL(
        authorizeUrl(emulator.url, {
          code_challenge: RFC7636_CHALLENGE,
          code_challenge_method: 'S256',
        }).replace(emulator.url, oneClick.url),
      );
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(DEMO_REDIRECT);
      expect(location.searchParams.get('state')).toBe('xyz');

      const exchanged = await fetch(new URL('/oauth/token', oneClick.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          client_id: DEMO_CLIENT.id,
          code: location.searchParams.get('code'),
          redirect_uri: DEMO_REDIRECT,
          code_verifier: RFC7636_VERIFIER,
        }),
      });
      const body = (await exchanged.json()) as { access_token: string };
      const bob = demoData().users.find((u) => u.username === 'bob')!;
      expect(claims(body.access_token)).toMatchObject({ sub: String(bob.id) });

      url.searchParams.set('prompt', 'consent');
      const page = await fetch(url, { redirect: 'manual' });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Approve');
    } finally {
      await oneClick.close();
    }
  });
});
