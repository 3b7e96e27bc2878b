// The accounts side: GET/POST /oauth/authorize (consent) and POST /oauth/token. No CORS headers here, like
// the real token endpoint, which browsers cannot call cross-origin.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { isServiceScope } from '../../../wire/scopes.ts';
import type { EmulatorConfig, OAuthClient } from '../config.ts';
import { consentPage, errorPage } from './pages.ts';
import type { OAuthStore } from './store.ts';

type Params = Record<string, string>;

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

type Checked =
  | { kind: 'page'; status: 400; title: string; message: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'ok'; client: OAuthClient; scopes: string[] };

function checkAuthorizeRequest(config: EmulatorConfig, p: Params): Checked {
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
    url: redirectWith(p.redirect_uri!, { error, error_description: description, state: p.state }),
  });
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
  if (p.code_challenge && !/^[A-Za-z0-9\-._~]{43,128}$/.test(p.code_challenge)) {
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

function pick(source: Params, names: string[]): Params {
  const out: Params = {};
  for (const n of names) if (typeof source[n] === 'string' && source[n] !== '') out[n] = source[n]!;
  return out;
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

export function oauthRoutes(config: EmulatorConfig, store: OAuthStore): Hono {
  const app = new Hono();

  app.get('/oauth/authorize', (c) => {
    const params = pick(c.req.query(), AUTHORIZE_PARAMS);
    const checked = checkAuthorizeRequest(config, params);
    if (checked.kind === 'page') return c.html(errorPage(checked.title, checked.message), checked.status);
    if (checked.kind === 'redirect') return c.redirect(checked.url, 302);
    const autoApproved = config.autoApproveUser;
    if (autoApproved !== null && c.req.query('prompt') !== 'consent') {
      const user = config.data.users.find((u) => u.username.toLowerCase() === autoApproved.toLowerCase());
      if (user) return c.redirect(approve(store, checked, params, user.id), 302);
    }
    return c.html(consentPage(checked.client, checked.scopes, config.data.users, params));
  });

  app.post('/oauth/authorize', async (c) => {
    const form = await readBody(c);
    const params = pick(form, AUTHORIZE_PARAMS);
    const checked = checkAuthorizeRequest(config, params);
    if (checked.kind === 'page') return c.html(errorPage(checked.title, checked.message), checked.status);
    if (checked.kind === 'redirect') return c.redirect(checked.url, 303);
    if (form.decision !== 'approve') {
      return c.redirect(
        redirectWith(params.redirect_uri!, { error: 'access_denied', state: params.state }),
        303,
      );
    }
    const user = config.data.users.find((u) => String(u.id) === form.user);
    if (!user) return c.html(errorPage('Unknown user', 'Pick one of the demo users and try again.'), 400);
    return c.redirect(approve(store, checked, params, user.id), 303);
  });

  app.post('/oauth/token', async (c) => {
    const body = await readBody(c);
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    const fail = (error: string, description: string, status: 400 | 401 = 400) =>
      c.json({ error, error_description: description }, status);

    if (!body.grant_type) return fail('invalid_request', 'grant_type is required.');
    if (body.grant_type !== 'authorization_code' && body.grant_type !== 'refresh_token') {
      return fail('unsupported_grant_type', 'grant_type must be "authorization_code" or "refresh_token".');
    }
    if (!body.client_id) return fail('invalid_request', 'client_id is required.');
    const client = config.clients.find((cl) => cl.id === body.client_id);
    if (!client) return fail('invalid_client', `Unknown client_id "${body.client_id}".`, 401);
    if (body.client_secret !== undefined && !sameText(body.client_secret, client.secret)) {
      return fail('invalid_client', 'client_secret is wrong.', 401);
    }

    if (body.grant_type === 'refresh_token') {
      if (body.client_secret === undefined) {
        return fail('invalid_client', 'client_secret is required for the refresh_token grant.', 401);
      }
      if (!body.refresh_token) return fail('invalid_request', 'refresh_token is required.');
      const record = store.refresh(body.refresh_token);
      if (!record || !record.active || record.clientId !== client.id) {
        return fail('invalid_grant', 'The refresh token is invalid, was already used, or was revoked.');
      }
      record.active = false;
      return c.json(store.issueTokens(client.id, record.userId, record.scope, record.grantId));
    }

    if (!body.code) return fail('invalid_request', 'code is required.');
    if (!body.redirect_uri) return fail('invalid_request', 'redirect_uri is required.');
    const grant = store.code(body.code);
    if (!grant || grant.clientId !== client.id)
      return fail('invalid_grant', 'The authorization code is invalid.');
    if (grant.used) {
      store.revokeGrant(grant.grantId);
      return fail(
        'invalid_grant',
        'The authorization code was already used; the tokens issued with it are revoked.',
      );
    }
    grant.used = true;
    if (config.clock() > grant.expiresAt) return fail('invalid_grant', 'The authorization code has expired.');
    if (grant.redirectUri !== body.redirect_uri) {
      return fail('invalid_grant', 'redirect_uri does not match the one of the authorization request.');
    }
    if (grant.challenge) {
      if (!body.code_verifier)
        return fail('invalid_request', 'code_verifier is required: the request had a code_challenge.');
      if (!pkceMatches(body.code_verifier, grant.challenge, grant.method ?? 'plain')) {
        return fail('invalid_grant', 'code_verifier does not match the code_challenge.');
      }
    } else if (body.client_secret === undefined) {
      return fail(
        'invalid_client',
        'client_secret is required when the authorization request had no code_challenge.',
        401,
      );
    }
    return c.json(store.issueTokens(client.id, grant.userId, grant.scope, grant.grantId));
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

/** JSON or form-encoded body as flat string params (anything else counts as empty). */
async function readBody(c: Context): Promise<Params> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const json = (await c.req.json()) as unknown;
      if (!json || typeof json !== 'object') return {};
      const out: Params = {};
      for (const [k, v] of Object.entries(json))
        if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
      return out;
    }
    const text = await c.req.text();
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return {};
  }
}
