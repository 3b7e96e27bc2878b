// The accounts side: GET/POST /oauth/authorize (consent), POST /oauth/token and POST /oauth/revoke
// (RFC 7009). No CORS headers here, like the real token endpoint, which browsers cannot call cross-origin.
// The rules follow RFC 6749, RFC 7636 and the OAuth 2.0 Security BCP (RFC 9700).
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { EMULATOR_RESTARTED } from '../../../wire/connection.ts';
import { isServiceScope } from '../../../wire/scopes.ts';
import type { EmulatorConfig, OAuthClient } from '../config.ts';
import { verifyJwt } from './jwt.ts';
import { CONSENT_TOKEN_FIELD, consentToken, refuseConsentPost } from './forgery.ts';
import { consentPage, errorPage, PAGE_HEADERS } from './pages.ts';
import type { OAuthStore } from './store.ts';

type Params = Record<string, string>;

/** A request's parameters; `duplicates` names those sent more than once (RFC 6749 §3.1 forbids it). */
interface Read {
  params: Params;
  duplicates: string[];
  /** Why the body could not be read as parameters (a JSON body that is not JSON, or not an object). */
  unreadable?: string;
}

/** The part of an authorization request that survives from the consent page to the form post. */
const AUTHORIZE_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
];

/** RFC 7636 §4.1: 43 to 128 unreserved characters. A challenge has the same syntax. */
const PKCE_SYNTAX = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The largest form or JSON body the accounts side reads. */
const MAX_BODY_BYTES = 16 * 1024;

type Checked =
  | { kind: 'page'; status: 400; title: string; message: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'ok'; client: OAuthClient; scopes: string[] };

function checkAuthorizeRequest(config: EmulatorConfig, { params: p, duplicates }: Read): Checked {
  // Until client_id and redirect_uri are known to be single and registered, nothing may redirect.
  const ambiguous = duplicates.filter((n) => n === 'client_id' || n === 'redirect_uri');
  if (ambiguous.length) {
    return {
      kind: 'page',
      status: 400,
      title: 'Ambiguous request',
      message: `The request has ${ambiguous.join(' and ')} more than once. Each parameter may appear only once.`,
    };
  }
  const client = config.clients.find((c) => c.id === p.client_id);
  if (!client) {
    return {
      kind: 'page',
      status: 400,
      title: 'Unknown application',
      message: p.client_id
        ? `No application is registered with client_id "${p.client_id}". Check the client id the app was configured with.`
        : 'The request has no client_id. The application must say who it is.',
    };
  }
  if (!p.redirect_uri || !client.redirectUris.includes(p.redirect_uri)) {
    return {
      kind: 'page',
      status: 400,
      title: 'Redirect address not registered',
      message: p.redirect_uri
        ? `"${p.redirect_uri}" is not a redirect URL registered for ${client.name}. Registered: ${client.redirectUris.join(', ')}.`
        : 'The request has no redirect_uri.',
    };
  }
  const fail = (error: string, description: string): Checked => ({
    kind: 'redirect',
    url: redirectWith(p.redirect_uri!, {
      error,
      error_description: description,
      state: duplicates.includes('state') ? undefined : p.state,
    }),
  });
  if (duplicates.length) {
    return fail(
      'invalid_request',
      `Each parameter may appear only once; repeated: ${duplicates.join(', ')}.`,
    );
  }
  if (p.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be "code".');
  if (p.code_challenge && !p.code_challenge_method) {
    return fail('invalid_request', 'code_challenge_method is required when code_challenge is given.');
  }
  if (p.code_challenge_method && !p.code_challenge) {
    return fail('invalid_request', 'code_challenge is required when code_challenge_method is given.');
  }
  if (p.code_challenge_method && p.code_challenge_method !== 'S256' && p.code_challenge_method !== 'plain') {
    return fail('invalid_request', 'code_challenge_method must be "S256" or "plain".');
  }
  if (p.code_challenge && !PKCE_SYNTAX.test(p.code_challenge)) {
    return fail('invalid_request', 'code_challenge must be 43 to 128 characters of [A-Za-z0-9-._~].');
  }
  const scopes = (p.scope ?? '').split(' ').filter(Boolean);
  if (scopes.length === 0) return fail('invalid_scope', 'scope is required, e.g. "project tm glossary".');
  const unknown = scopes.filter((s) => !isServiceScope(s));
  if (unknown.length) {
    return fail(
      'invalid_scope',
      `Unknown scope: ${unknown.join(', ')}. Use the service's scope names, e.g. project, project.source, project.translation, tm, glossary.`,
    );
  }
  return { kind: 'ok', client, scopes };
}

function redirectWith(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, v);
  return url.toString();
}

function pick({ params, duplicates }: Read, names: string[]): Read {
  const out: Params = {};
  for (const n of names) if (Object.hasOwn(params, n) && params[n] !== '') out[n] = params[n]!;
  return { params: out, duplicates: duplicates.filter((d) => names.includes(d)) };
}

/** Issues a code for `userId` and returns the redirect that hands it to the client. */
function approve(
  store: OAuthStore,
  checked: Extract<Checked, { kind: 'ok' }>,
  params: Params,
  userId: number,
): string {
  const code = store.issueCode({
    clientId: checked.client.id,
    redirectUri: params.redirect_uri!,
    userId,
    scope: checked.scopes.join(' '),
    challenge: params.code_challenge ?? null,
    method: (params.code_challenge_method as 'S256' | 'plain' | undefined) ?? null,
  });
  return redirectWith(params.redirect_uri!, { code, state: params.state });
}

export type Fail = (error: string, description: string, status?: 400 | 401) => Response;

/**
 * A grant type beyond RFC 6749's, handled elsewhere (the installed apps' `crowdin_app` and `crowdin_agent`,
 * apps/grants.ts). It runs after the client is authenticated with its secret; it reads the body itself.
 */
export type ExtraGrant = (c: Context, client: OAuthClient, fail: Fail) => Promise<Response> | Response;

/**
 * The client of a token or revocation request: HTTP Basic (RFC 6749 §2.3.1, form-encoded id and secret)
 * or `client_id`/`client_secret` in the body, never both. `secret` is undefined when none was sent.
 */
function authenticateClient(
  c: Context,
  config: EmulatorConfig,
  body: Params,
  fail: Fail,
): { client: OAuthClient; secret: string | undefined } | Response {
  let id = body.client_id;
  let secret = body.client_secret;
  const header = c.req.header('authorization');
  if (header !== undefined) {
    const basic = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header.trim());
    const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (!basic || colon < 0) {
      c.header('WWW-Authenticate', 'Basic realm="oauth"');
      return fail(
        'invalid_client',
        'The Authorization header must be HTTP Basic with client_id:client_secret.',
        401,
      );
    }
    if (secret !== undefined) {
      return fail(
        'invalid_request',
        'Send the client credentials once: in the Authorization header or in the body.',
      );
    }
    try {
      const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      const headerId = formDecode(decoded.slice(0, colon));
      secret = formDecode(decoded.slice(colon + 1));
      if (id !== undefined && id !== headerId) {
        return fail(
          'invalid_request',
          'client_id in the body differs from the one in the Authorization header.',
        );
      }
      id = headerId;
    } catch {
      c.header('WWW-Authenticate', 'Basic realm="oauth"');
      return fail('invalid_client', 'The Basic credentials are not form-encoded text.', 401);
    }
  }
  if (!id) return fail('invalid_request', 'client_id is required.');
  const client = config.clients.find((cl) => cl.id === id);
  if (!client || (secret !== undefined && !sameText(secret, client.secret))) {
    if (header !== undefined) c.header('WWW-Authenticate', 'Basic realm="oauth"');
    return fail('invalid_client', client ? 'client_secret is wrong.' : `Unknown client_id "${id}".`, 401);
  }
  return { client, secret };
}

export function oauthRoutes(
  config: EmulatorConfig,
  store: OAuthStore,
  extraGrants: Record<string, ExtraGrant> = {},
): Hono {
  const app = new Hono();

  app.use('/oauth/*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(PAGE_HEADERS)) c.header(name, value);
  });
  app.post(
    '/oauth/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(
          { error: 'invalid_request', error_description: `The body is larger than ${MAX_BODY_BYTES} bytes.` },
          413,
        ),
    }),
  );

  app.get('/oauth/authorize', (c) => {
    const read = pick(readQuery(c), AUTHORIZE_PARAMS);
    const checked = checkAuthorizeRequest(config, read);
    if (checked.kind === 'page') return c.html(errorPage(checked.title, checked.message), checked.status);
    if (checked.kind === 'redirect') return c.redirect(checked.url, 302);
    const autoApproved = config.autoApproveUser;
    if (autoApproved !== null && c.req.query('prompt') !== 'consent') {
      const user = config.data.users.find((u) => u.username.toLowerCase() === autoApproved.toLowerCase());
      if (user) return c.redirect(approve(store, checked, read.params, user.id), 302);
    }
    const token = consentToken(config.signingKey, config.clock(), read.params, AUTHORIZE_PARAMS);
    return c.html(consentPage(checked.client, checked.scopes, config.data.users, read.params, token));
  });

  app.post('/oauth/authorize', async (c) => {
    const form = await readBody(c);
    const read = pick(form, AUTHORIZE_PARAMS);
    const refused = refuseConsentPost(config.signingKey, config.clock(), read.params, AUTHORIZE_PARAMS, {
      token: form.params[CONSENT_TOKEN_FIELD],
      fetchSite: c.req.header('sec-fetch-site'),
      origin: c.req.header('origin'),
      ownOrigin: new URL(c.req.url).origin,
    });
    if (refused) return c.html(errorPage('Sign-in refused', refused), 403);
    const checked = checkAuthorizeRequest(config, read);
    if (checked.kind === 'page') return c.html(errorPage(checked.title, checked.message), checked.status);
    if (checked.kind === 'redirect') return c.redirect(checked.url, 303);
    const params = read.params;
    if (form.params.decision !== 'approve') {
      return c.redirect(
        redirectWith(params.redirect_uri!, { error: 'access_denied', state: params.state }),
        303,
      );
    }
    const user = config.data.users.find((u) => String(u.id) === form.params.user);
    if (!user) return c.html(errorPage('Unknown user', 'Pick one of the demo users and try again.'), 400);
    return c.redirect(approve(store, checked, params, user.id), 303);
  });

  app.post('/oauth/token', async (c) => {
    const { params: body, duplicates, unreadable } = await readBody(c);
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    const fail: Fail = (error, description, status = 400) =>
      c.json({ error, error_description: description }, status);

    if (unreadable) return fail('invalid_request', unreadable);

    if (duplicates.length) {
      return fail(
        'invalid_request',
        `Each parameter may appear only once; repeated: ${duplicates.join(', ')}.`,
      );
    }
    if (!body.grant_type) return fail('invalid_request', 'grant_type is required.');
    const extra = Object.hasOwn(extraGrants, body.grant_type) ? extraGrants[body.grant_type] : undefined;
    if (!extra && body.grant_type !== 'authorization_code' && body.grant_type !== 'refresh_token') {
      const names = ['authorization_code', 'refresh_token', ...Object.keys(extraGrants)].map((n) => `"${n}"`);
      return fail('unsupported_grant_type', `grant_type must be one of ${names.join(', ')}.`);
    }
    const authenticated = authenticateClient(c, config, body, fail);
    if (authenticated instanceof Response) return authenticated;
    const { client, secret } = authenticated;
    if (extra) {
      if (secret === undefined) {
        return fail('invalid_client', `client_secret is required for the ${body.grant_type} grant.`, 401);
      }
      return extra(c, client, fail);
    }

    if (body.grant_type === 'refresh_token') {
      if (secret === undefined) {
        return fail('invalid_client', 'client_secret is required for the refresh_token grant.', 401);
      }
      if (!body.refresh_token) return fail('invalid_request', 'refresh_token is required.');
      const record = store.refresh(body.refresh_token);
      if (!record && store.fromEarlierRun(body.refresh_token)) {
        // Still the service's invalid_grant; the extra member lets the playground say what happened.
        return c.json(
          {
            error: 'invalid_grant',
            error_description:
              'This sign-in is from before the emulator restarted: it keeps sign-ins in memory, so it no longer knows it. Sign in again.',
            [EMULATOR_RESTARTED]: true,
          },
          400,
        );
      }
      if (!record || record.clientId !== client.id) {
        return fail('invalid_grant', 'The refresh token is invalid, expired or revoked.');
      }
      if (!record.active) {
        // RFC 9700 §4.14.2: a rotated refresh token presented again means it leaked; end the grant.
        store.revokeGrant(record.grantId);
        return fail(
          'invalid_grant',
          'The refresh token was already used; every token of this sign-in is now revoked. Sign in again.',
        );
      }
      record.active = false;
      return c.json(store.issueTokens(client.id, record.userId, record.scope, record.grantId, record.extra));
    }

    if (!body.code) return fail('invalid_request', 'code is required.');
    if (!body.redirect_uri) return fail('invalid_request', 'redirect_uri is required.');
    const verifier = body.code_verifier;
    if (verifier !== undefined && !PKCE_SYNTAX.test(verifier)) {
      return fail('invalid_request', 'code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~].');
    }
    const grant = store.code(body.code);
    if (!grant || grant.clientId !== client.id || config.clock() > grant.expiresAt) {
      return fail('invalid_grant', 'The authorization code is invalid or has expired.');
    }
    if (grant.used) {
      store.revokeGrant(grant.grantId);
      return fail(
        'invalid_grant',
        'The authorization code was already used; the tokens issued with it are revoked.',
      );
    }
    grant.used = true;
    if (grant.redirectUri !== body.redirect_uri) {
      return fail('invalid_grant', 'redirect_uri does not match the one of the authorization request.');
    }
    if (grant.challenge) {
      if (verifier === undefined)
        return fail('invalid_request', 'code_verifier is required: the request had a code_challenge.');
      if (!pkceMatches(verifier, grant.challenge, grant.method ?? 'plain')) {
        return fail('invalid_grant', 'code_verifier does not match the code_challenge.');
      }
    } else if (verifier !== undefined) {
      // RFC 9700 §2.1.1: a verifier for a code issued without a challenge is a downgrade attempt.
      return fail(
        'invalid_grant',
        'code_verifier was sent, but the authorization request had no code_challenge.',
      );
    } else if (secret === undefined) {
      return fail(
        'invalid_client',
        'client_secret is required when the authorization request had no code_challenge.',
        401,
      );
    }
    return c.json(store.issueTokens(client.id, grant.userId, grant.scope, grant.grantId));
  });

  // RFC 7009. Unknown, expired or already revoked tokens are answered 200 like revoked ones.
  app.post('/oauth/revoke', async (c) => {
    const { params: body, duplicates } = await readBody(c);
    c.header('Cache-Control', 'no-store');
    const fail: Fail = (error, description, status = 400) =>
      c.json({ error, error_description: description }, status);
    if (duplicates.length) {
      return fail(
        'invalid_request',
        `Each parameter may appear only once; repeated: ${duplicates.join(', ')}.`,
      );
    }
    const authenticated = authenticateClient(c, config, body, fail);
    if (authenticated instanceof Response) return authenticated;
    const token = body.token;
    if (!token) return fail('invalid_request', 'token is required.');
    const clientId = authenticated.client.id;
    const asRefresh = () => store.revokeRefreshToken(token, clientId);
    const asAccess = () => {
      const claims = verifyJwt(token, config.signingKey);
      if (!claims || (claims.aud !== undefined && claims.aud !== clientId)) return false;
      store.revokeAccessToken(claims);
      return true;
    };
    // The hint only says which kind to try first (RFC 7009 §2.1).
    if (body.token_type_hint === 'access_token') void (asAccess() || asRefresh());
    else void (asRefresh() || asAccess());
    return c.body(null, 200);
  });

  return app;
}

export function pkceMatches(verifier: string, challenge: string, method: 'S256' | 'plain'): boolean {
  const derived = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return sameText(derived, challenge);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Collects name/value pairs; an empty value counts as absent (RFC 6749 §3.1). */
function collect(pairs: Iterable<[string, string]>): Read {
  const params: Params = Object.create(null) as Params;
  const duplicates = new Set<string>();
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    if (seen.has(name)) duplicates.add(name);
    seen.add(name);
    if (value !== '') params[name] = value;
  }
  return { params, duplicates: [...duplicates] };
}

function readQuery(c: Context): Read {
  const url = new URL(c.req.url);
  return collect(url.searchParams);
}

/** JSON or form-encoded body as flat string params (anything else counts as empty). */
async function readBody(c: Context): Promise<Read> {
  const type = c.req.header('content-type') ?? '';
  const empty: Read = { params: {}, duplicates: [] };
  try {
    if (type.includes('application/json')) {
      let json: unknown;
      try {
        json = JSON.parse(await c.req.text());
      } catch {
        return { ...empty, unreadable: 'The body is not JSON, although its Content-Type says it is.' };
      }
      if (!json || typeof json !== 'object' || Array.isArray(json)) {
        return {
          ...empty,
          unreadable: 'The JSON body must be an object of parameters, e.g. {"grant_type": …}.',
        };
      }
      const pairs: [string, string][] = [];
      for (const [k, v] of Object.entries(json))
        if (typeof v === 'string' || typeof v === 'number') pairs.push([k, String(v)]);
      return collect(pairs);
    }
    return collect(new URLSearchParams(await c.req.text()));
  } catch {
    return empty;
  }
}
