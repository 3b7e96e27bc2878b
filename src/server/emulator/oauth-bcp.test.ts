// The accounts side against the OAuth 2.0 Security BCP (RFC 9700), RFC 7636, RFC 7009 and RFC 6749's
// smaller rules, over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CLIENT } from './config.ts';
import { signJwt } from './oauth/jwt.ts';
import {
  authorizeUrl,
  DEMO_REDIRECT,
  RFC7636_CHALLENGE,
  RFC7636_VERIFIER,
  startEmulator,
  submitConsent,
  type RunningEmulator,
} from './testing.ts';

const KEY = 'a-test-signing-key';

let now = Date.UTC(2025, 0, 1);
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ clock: () => now, tokenTtl: 60, signingKey: KEY });
});
afterAll(() => emulator.close());
beforeEach(() => {
  now = Date.UTC(2025, 0, 1);
});

type Json = Record<string, unknown>;

/** A code approved for demo user 1 through the consent form. */
async function codeFor(
  params: Record<string, string> = { code_challenge: RFC7636_CHALLENGE, code_challenge_method: 'S256' },
): Promise<string> {
  const res = await submitConsent(emulator.url, params);
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

async function post(path: string, body: Json | string, headers: Record<string, string> = {}) {
  const res = await fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : {}) as Json };
}

const token = (body: Json | string, headers?: Record<string, string>) => post('/oauth/token', body, headers);

const exchange = (code: string, extra: Json = {}) =>
  token({
    grant_type: 'authorization_code',
    client_id: DEMO_CLIENT.id,
    code,
    redirect_uri: DEMO_REDIRECT,
    code_verifier: RFC7636_VERIFIER,
    ...extra,
  });

const refresh = (refresh_token: unknown) =>
  token({
    grant_type: 'refresh_token',
    client_id: DEMO_CLIENT.id,
    client_secret: DEMO_CLIENT.secret,
    refresh_token: refresh_token as string,
  });

async function apiStatus(accessToken: unknown): Promise<number> {
  const res = await fetch(`${emulator.url}/api/v2/projects`, {
    headers: { Authorization: `Bearer ${accessToken as string}` },
  });
  return res.status;
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('refresh token reuse (RFC 9700 §4.14.2)', () => {
  it('revokes the whole grant: the rotated-to refresh token and every access token stop working', async () => {
    const first = (await exchange(await codeFor())).json;
    const second = (await refresh(first.refresh_token)).json;
    expect(await apiStatus(second.access_token)).toBe(200);

    const replay = await refresh(first.refresh_token);
    expect(replay).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect(replay.json.error_description).toMatch(/already used/);
    expect(await apiStatus(second.access_token)).toBe(401);
    expect(await apiStatus(first.access_token)).toBe(401);
    expect((await refresh(second.refresh_token)).json.error).toBe('invalid_grant');
  });
});

describe('revocation (RFC 7009)', () => {
  it('revoking the refresh token ends its access tokens too; unknown tokens are answered 200', async () => {
    const tokens = (await exchange(await codeFor())).json;
    const res = await post('/oauth/revoke', {
      client_id: DEMO_CLIENT.id,
      token: tokens.refresh_token as string,
    });
    expect(res.status).toBe(200);
    expect(await apiStatus(tokens.access_token)).toBe(401);
    expect((await refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
    expect((await post('/oauth/revoke', { client_id: DEMO_CLIENT.id, token: 'never-issued' })).status).toBe(
      200,
    );
  });

  it('revokes an access token (and its grant) and a personal access token', async () => {
    const tokens = (await exchange(await codeFor())).json;
    const res = await post(
      '/oauth/revoke',
      `token=${tokens.access_token as string}&token_type_hint=access_token`,
      { Authorization: basic(DEMO_CLIENT.id, DEMO_CLIENT.secret) },
    );
    expect(res.status).toBe(200);
    expect(await apiStatus(tokens.access_token)).toBe(401);
    expect((await refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');

    const pat = emulator.personalToken('alice');
    expect(await apiStatus(pat)).toBe(200);
    expect((await post('/oauth/revoke', { client_id: DEMO_CLIENT.id, token: pat })).status).toBe(200);
    expect(await apiStatus(pat)).toBe(401);
  });

  it('needs a known client and a token', async () => {
    expect((await post('/oauth/revoke', { token: 'x' })).json.error).toBe('invalid_request');
    expect((await post('/oauth/revoke', { client_id: 'nope', token: 'x' })).status).toBe(401);
    expect((await post('/oauth/revoke', { client_id: DEMO_CLIENT.id })).json.error).toBe('invalid_request');
  });
});

describe('PKCE (RFC 9700 §2.1.1, RFC 7636 §4.1)', () => {
  it('rejects a code_verifier for a code issued without a challenge, even with the client secret', async () => {
    const code = await codeFor({});
    const res = await exchange(code, { client_secret: DEMO_CLIENT.secret });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_grant');
    expect(res.json.error_description).toMatch(/no code_challenge/);
  });

  it('rejects verifiers that are too short, too long or not unreserved ASCII', async () => {
    for (const verifier of [
      'abc',
      'a'.repeat(42),
      'a'.repeat(129),
      `${'a'.repeat(42)}é`,
      `${'a'.repeat(42)} `,
    ]) {
      const code = await codeFor({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
      const res = await exchange(code, { code_verifier: verifier });
      expect(res, verifier).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    }
    const code = await codeFor({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    expect((await exchange(code, { code_verifier: 'a'.repeat(43) })).status).toBe(200);
  });
});

describe('client authentication (RFC 6749 §2.3.1)', () => {
  it('accepts HTTP Basic with form-encoded credentials', async () => {
    const tokens = (await exchange(await codeFor())).json;
    const res = await token(`grant_type=refresh_token&refresh_token=${tokens.refresh_token as string}`, {
      Authorization: basic(DEMO_CLIENT.id, DEMO_CLIENT.secret),
    });
    expect(res.status).toBe(200);
    expect(await apiStatus(res.json.access_token)).toBe(200);
  });

  it('answers a wrong Basic secret with 401 and WWW-Authenticate, and refuses two methods at once', async () => {
    const tokens = (await exchange(await codeFor())).json;
    const wrong = await token(`grant_type=refresh_token&refresh_token=${tokens.refresh_token as string}`, {
      Authorization: basic(DEMO_CLIENT.id, 'wrong'),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe('invalid_client');
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    const both = await token(
      `grant_type=refresh_token&client_secret=${DEMO_CLIENT.secret}&refresh_token=${tokens.refresh_token as string}`,
      { Authorization: basic(DEMO_CLIENT.id, DEMO_CLIENT.secret) },
    );
    expect(both.json.error).toBe('invalid_request');
  });
});

describe('parameters and scopes', () => {
  it('refuses duplicate authorization parameters', async () => {
    const twice = await fetch(authorizeUrl(emulator.url, {}, [['scope', 'project']]), { redirect: 'manual' });
    expect(twice.status).toBe(302);
    const location = new URL(twice.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toContain('scope');
    // A second redirect_uri or client_id could send the browser elsewhere: an error page, no redirect.
    const page = await fetch(
      authorizeUrl(emulator.url, {}, [['redirect_uri', 'http://localhost:4317/callback']]),
      {
        redirect: 'manual',
      },
    );
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
  });

  it('refuses duplicate token parameters', async () => {
    const code = await codeFor();
    const res = await token(
      `grant_type=authorization_code&client_id=${DEMO_CLIENT.id}&code=${code}&code=${code}&redirect_uri=${encodeURIComponent(DEMO_REDIRECT)}&code_verifier=${RFC7636_VERIFIER}`,
    );
    expect(res.json).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses unknown scope spellings instead of granting full access', async () => {
    for (const scope of [
      'project.read.extra',
      'project.read',
      'project.write',
      'tm.',
      'constructor',
      '__proto__',
    ]) {
      const res = await fetch(authorizeUrl(emulator.url, { scope }), { redirect: 'manual' });
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.get('error'), scope).toBe('invalid_scope');
    }
    const fine = await fetch(authorizeUrl(emulator.url, { scope: 'project.source project.translation tm' }));
    expect(fine.status).toBe(200);
  });

  it('sends the security headers with the root page and the consent and error pages', async () => {
    for (const url of [
      `${emulator.url}/`,
      authorizeUrl(emulator.url, {}),
      authorizeUrl(emulator.url, { client_id: 'nope' }),
    ]) {
      const res = await fetch(url);
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), url).toBe('no-referrer');
      expect(res.headers.get('content-security-policy'), url).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      );
    }
  });
});

describe('access tokens', () => {
  const claims = { sub: '1', scope: 'project tm glossary', iat: 1, jti: 'j' };

  it('refuses an exp that is not a number, while a token without exp stays valid until revoked', async () => {
    const never = signJwt({ ...claims, exp: 'never' } as never, KEY);
    expect(await apiStatus(never)).toBe(401);
    expect(await apiStatus(signJwt({ ...claims, exp: null } as never, KEY))).toBe(401);
    const pat = signJwt({ ...claims, jti: 'pat-1' }, KEY);
    now += 10 * 365 * 24 * 3600 * 1000;
    expect(await apiStatus(pat)).toBe(200);
  });

  it('decodes strictly: no padding, no foreign characters, no other header spelling', async () => {
    const good = signJwt({ ...claims, jti: 'strict' }, KEY);
    expect(await apiStatus(good)).toBe(200);
    const [h, p, s] = good.split('.') as [string, string, string];
    for (const bad of [
      `${h}.${p}.${s}=`,
      `${h}.${p}.${s}!`,
      `${h}.${p}.${s.slice(0, 10)}\u00e9${s.slice(10)}`,
      `${h}.${p}=.${s}`,
      `${h}=.${p}.${s}`,
      `${h}.${p}.${s}.`,
    ]) {
      expect(await apiStatus(bad), bad).toBe(401);
    }
    // A signature with trailing bits set differently decodes to the same bytes in lenient decoders.
    const last = s.at(-1)!;
    const sibling = String.fromCharCode(last.charCodeAt(0) + 1);
    if (Buffer.from(`${s.slice(0, -1)}${sibling}`, 'base64url').equals(Buffer.from(s, 'base64url'))) {
      expect(await apiStatus(`${h}.${p}.${s.slice(0, -1)}${sibling}`)).toBe(401);
    }
  });

  it('are signed with a key random per start, so the old published key forges nothing', async () => {
    const [a, b] = [await startEmulator(), await startEmulator()];
    try {
      expect(a.config.signingKey).not.toBe(b.config.signingKey);
      const published = signJwt(
        { ...claims, jti: 'forged' },
        'croql-emulator-local-signing-key-not-a-secret',
      );
      const status = async (e: RunningEmulator, t: string) =>
        (await fetch(`${e.url}/api/v2/user`, { headers: { Authorization: `Bearer ${t}` } })).status;
      expect(await status(a, published)).toBe(401);
      expect(await status(a, a.personalToken('alice'))).toBe(200);
      expect(await status(b, a.personalToken('alice'))).toBe(401);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('the store', () => {
  it('forgets expired codes, finished grants and old revocations', async () => {
    const pruned = await startEmulator({ clock: () => now, tokenTtl: 60, refreshTtl: 3600 });
    try {
      const before = pruned.store.size();
      for (let i = 0; i < 20; i++) {
        pruned.store.issueCode({
          clientId: DEMO_CLIENT.id,
          redirectUri: DEMO_REDIRECT,
          userId: 1,
          scope: 'project',
          challenge: null,
          method: null,
        });
        const tokens = pruned.store.issueTokens(DEMO_CLIENT.id, 1, 'project', `grant-${i}`);
        if (i % 2) pruned.store.revokeRefreshToken(tokens.refresh_token, DEMO_CLIENT.id);
      }
      expect(pruned.store.size().codes).toBe(before.codes + 20);
      now += 3601 * 1000;
      pruned.store.prune(true);
      expect(pruned.store.size()).toEqual({
        codes: 0,
        grants: 0,
        refreshTokens: 0,
        accessTokens: 0,
        revoked: 0,
      });
    } finally {
      await pruned.close();
    }
  });
});

describe('hostile requests', () => {
  it('answer 4xx, never a 500', async () => {
    const bodies: [string, string, Record<string, string>][] = [
      [
        '/oauth/token',
        '{"__proto__":{"grant_type":"refresh_token"},"constructor":"x"}',
        { 'Content-Type': 'application/json' },
      ],
      ['/oauth/token', '[1,2]', { 'Content-Type': 'application/json' }],
      ['/oauth/token', '{', { 'Content-Type': 'application/json' }],
      ['/oauth/token', 'grant_type=authorization_code&code=%E0%A4%A', {}],
      ['/oauth/token', 'grant_type=refresh_token&refresh_token=x', { Authorization: 'Basic %%%' }],
      [
        '/oauth/token',
        'grant_type=refresh_token&refresh_token=x',
        { Authorization: `Basic ${Buffer.from('a%:b%').toString('base64')}` },
      ],
      ['/oauth/token', 'x'.repeat(100_000), {}],
      ['/oauth/revoke', 'token=constructor&client_id=constructor', {}],
      ['/oauth/authorize', 'client_id=__proto__&redirect_uri=constructor', {}],
      [
        '/oauth/authorize',
        `${new URLSearchParams({ client_id: DEMO_CLIENT.id, redirect_uri: DEMO_REDIRECT, response_type: 'code', scope: 'project', decision: 'approve', user: 'constructor' })}`,
        {},
      ],
    ];
    for (const [path, body, headers] of bodies) {
      const res = await fetch(`${emulator.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body,
        redirect: 'manual',
      });
      expect(res.status, `${path} ${body.slice(0, 60)}`).toBeLessThan(500);
    }
    for (const query of [
      'client_id=%E0%A4%A',
      'client_id=__proto__',
      `client_id=${DEMO_CLIENT.id}&redirect_uri=${encodeURIComponent(DEMO_REDIRECT)}&scope=toString`,
    ]) {
      const res = await fetch(`${emulator.url}/oauth/authorize?${query}`, { redirect: 'manual' });
      expect(res.status, query).toBeLessThan(500);
    }
  });
});
