// The app server's routes, mounted into Vite's dev and preview servers (vite.config.ts):
//   GET  /auth/config  where each connection signs in (public values only)
//   POST /auth/token   forwards the code exchange and the refresh to the accounts host, adding the client
//                      secret, because the real token endpoint refuses browsers and wants the secret.
//   POST /auth/revoke  sign-out: revokes the session's tokens where the accounts host can (RFC 7009).
// The POST routes take only small JSON bodies. The relay never logs a token or a request body.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CONNECTION_KINDS, type ConnectionKind } from '../../wire/connection.ts';
import { DEMO_CLIENT } from '../emulator/config.ts';
import { ACCOUNTS_ORIGIN, authConfigBody, relayConfig, type RelayConfig } from './config.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface RelayOptions {
  config?: RelayConfig;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: Fetch;
  timeoutMs?: number;
}

/** A token request is a few hundred bytes; anything much larger is not one. */
export const MAX_BODY_BYTES = 8 * 1024;
/** A token answer is a few kilobytes; the relay reads no more than this of an upstream answer. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** Redirects the relay follows (within the allow-list) before it gives up. */
const MAX_HOPS = 3;

class AnswerTooLarge extends Error {}

/** The body as text, refused (AnswerTooLarge) beyond `max` bytes, declared or streamed, without reading on. */
async function readCapped(response: Response, max: number): Promise<string> {
  const body = response.body;
  if (Number(response.headers.get('content-length')) > max) {
    await body?.cancel().catch(() => undefined);
    throw new AnswerTooLarge();
  }
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

type Status = 400 | 403 | 413 | 415 | 502 | 503 | 504;

function failure(c: Context, status: Status, error: string, description: string): Response {
  return c.json({ error, error_description: description }, status);
}

export function createRelayApp(options: RelayOptions = {}): Hono {
  const config = options.config ?? relayConfig();
  const upstreamFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const app = new Hono();

  app.get('/auth/config', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(authConfigBody(config));
  });

  app.post('/auth/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    // A browser names the page that posts: only the app's own pages may use the relay.
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin) {
      return failure(c, 403, 'invalid_request', "The relay answers only the app's own pages.");
    }
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      return failure(c, 415, 'invalid_request', 'The body must be JSON (Content-Type: application/json).');
    }
    await next();
  });
  app.post(
    '/auth/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        failure(
          c,
          413,
          'invalid_request',
          `The body is larger than ${MAX_BODY_BYTES} bytes, so it is not a token request.`,
        ),
    }),
  );

  /** The JSON object body, its string fields, and the connection it names; or the answer to a bad one. */
  async function readRequest(c: Context) {
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = await c.req.json();
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return failure(
        c,
        400,
        'invalid_request',
        'The body must be a JSON object such as {"connection":"emulator","grant_type":"refresh_token",…}.',
      );
    }
    const text = (name: string) =>
      Object.hasOwn(body, name) && typeof body[name] === 'string' && body[name] !== ''
        ? (body[name] as string)
        : undefined;
    const connection = text('connection') as ConnectionKind | undefined;
    if (!connection || !CONNECTION_KINDS.includes(connection)) {
      return failure(c, 400, 'invalid_request', 'connection must be "emulator", "standard" or "enterprise".');
    }
    return { text, connection };
  }

  /** The client id and secret the relay uses for a connection, or the answer when it has none. */
  function clientFor(c: Context, connection: ConnectionKind, typedClientId: string | undefined) {
    if (connection === 'emulator') return { clientId: DEMO_CLIENT.id, clientSecret: DEMO_CLIENT.secret };
    // A client id the user typed in the app's settings: public client, PKCE only (no secret known here).
    if (typedClientId && typedClientId !== config.clientId)
      return { clientId: typedClientId, clientSecret: null };
    if (!config.clientId) {
      return failure(
        c,
        503,
        'server_not_configured',
        `No OAuth client is configured for the ${connection} connection. Set CROQL_CLIENT_ID and CROQL_CLIENT_SECRET for the app server and restart it.`,
      );
    }
    return { clientId: config.clientId, clientSecret: config.clientSecret };
  }

  /**
   * POSTs a JSON body to a path of the connection's accounts host and relays its JSON answer. The body
   * carries the client secret and the user's code or refresh token, so the relay follows a redirect only
   * when it keeps the method and body (307, 308) and leads to an allowed host without leaving HTTPS, at most
   * MAX_HOPS times; the answer is read up to MAX_ANSWER_BYTES, within the same time limit as the request.
   */
  async function forward(
    c: Context,
    connection: ConnectionKind,
    path: string,
    forwarded: Record<string, string>,
    emptyAnswer: 'allowed' | 'refused',
  ): Promise<Response> {
    const origin = connection === 'emulator' ? config.emulatorUrl : ACCOUNTS_ORIGIN;
    let upstream: URL;
    try {
      upstream = new URL(path, origin);
    } catch {
      return failure(
        c,
        503,
        'server_not_configured',
        `The ${connection} accounts address "${origin}" is not a URL. Check CROQL_EMULATOR_URL.`,
      );
    }
    if (!config.allowedHosts.has(upstream.host)) {
      return failure(
        c,
        403,
        'upstream_not_allowed',
        `The relay only forwards to ${[...config.allowedHosts].join(', ')}; "${upstream.host}" is not on that list.`,
      );
    }
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = (e: unknown) =>
      e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    const timeout = () =>
      failure(
        c,
        504,
        'upstream_timeout',
        `The accounts server at ${upstream.host} did not answer within ${timeoutMs / 1000} s. Try again.`,
      );
    let response: Response;
    for (let hop = 0; ; hop++) {
      try {
        response = await upstreamFetch(upstream.toString(), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(forwarded),
          signal,
          redirect: 'manual',
        });
      } catch (e) {
        if (timedOut(e)) return timeout();
        return failure(
          c,
          502,
          'upstream_unreachable',
          connection === 'emulator'
            ? `Cannot reach the emulator at ${upstream.host}. Start it with \`npm run emulator\` (or \`npm start\`) and try again.`
            : `Cannot reach the accounts server at ${upstream.host}. Check the network and try again.`,
        );
      }
      if (response.status < 300 || response.status > 399) break;
      await response.body?.cancel().catch(() => undefined);
      const next = redirectTarget(response, upstream);
      if (!next || hop + 1 >= MAX_HOPS) {
        return failure(
          c,
          502,
          'upstream_redirect',
          `The accounts server at ${upstream.host} redirected the request${next ? ` to ${next.host}` : ''} (HTTP ${response.status}); the relay did not follow, because the request carries the client secret and your tokens.`,
        );
      }
      upstream = next;
    }
    let raw: string;
    try {
      raw = await readCapped(response, MAX_ANSWER_BYTES);
    } catch (e) {
      if (timedOut(e)) return timeout();
      return failure(
        c,
        502,
        'upstream_invalid_response',
        e instanceof AnswerTooLarge
          ? `The accounts server at ${upstream.host} answered with more than ${MAX_ANSWER_BYTES / 1024} KiB, which is no token answer.`
          : `The answer of the accounts server at ${upstream.host} broke off. Try again.`,
      );
    }
    // RFC 7009: a revocation is answered 200, usually with an empty body. A token answer never is empty.
    if (raw === '' && response.ok && emptyAnswer === 'allowed') return c.json({}, 200);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return failure(
        c,
        502,
        'upstream_invalid_response',
        `The accounts server at ${upstream.host} answered HTTP ${response.status} without JSON.`,
      );
    }
    if (!json || typeof json !== 'object') {
      return failure(
        c,
        502,
        'upstream_invalid_response',
        `The accounts server at ${upstream.host} answered with unexpected JSON.`,
      );
    }
    const status = response.status >= 200 && response.status < 600 ? response.status : 502;
    return c.json(json as object, status as 200);
  }

  /** Where a redirect may lead: 307 or 308 (method and body kept), an allowed host, no step down from HTTPS. */
  function redirectTarget(response: Response, from: URL): URL | null {
    if (response.status !== 307 && response.status !== 308) return null;
    let next: URL;
    try {
      next = new URL(response.headers.get('location') ?? '', from);
    } catch {
      return null;
    }
    const scheme = next.protocol === 'https:' || (next.protocol === 'http:' && from.protocol === 'http:');
    return scheme && config.allowedHosts.has(next.host) ? next : null;
  }

  app.post('/auth/token', async (c) => {
    const request = await readRequest(c);
    if (request instanceof Response) return request;
    const { text, connection } = request;
    const grant = text('grant_type');
    if (grant !== 'authorization_code' && grant !== 'refresh_token') {
      return failure(
        c,
        400,
        'unsupported_grant_type',
        'grant_type must be "authorization_code" or "refresh_token".',
      );
    }
    const client = clientFor(c, connection, text('client_id'));
    if (client instanceof Response) return client;
    const forwarded: Record<string, string> = { grant_type: grant, client_id: client.clientId };
    if (client.clientSecret) forwarded.client_secret = client.clientSecret;
    const names =
      grant === 'authorization_code' ? ['code', 'code_verifier', 'redirect_uri'] : ['refresh_token'];
    for (const name of names) if (text(name)) forwarded[name] = text(name)!;
    return forward(c, connection, '/oauth/token', forwarded, 'refused');
  });

  app.post('/auth/revoke', async (c) => {
    const request = await readRequest(c);
    if (request instanceof Response) return request;
    const { text, connection } = request;
    const token = text('token');
    if (!token) return failure(c, 400, 'invalid_request', 'token is required.');
    if (connection !== 'emulator') {
      // Crowdin documents no token revocation endpoint: its tokens end when they expire, or when the
      // user revokes the app in the account settings. Signing out forgets them in the browser.
      return c.json({ revoked: false, reason: 'The service offers no token revocation endpoint.' });
    }
    const client = clientFor(c, connection, undefined);
    if (client instanceof Response) return client;
    const forwarded: Record<string, string> = { client_id: client.clientId, token };
    if (client.clientSecret) forwarded.client_secret = client.clientSecret;
    const hint = text('token_type_hint');
    if (hint === 'access_token' || hint === 'refresh_token') forwarded.token_type_hint = hint;
    return forward(c, connection, '/oauth/revoke', forwarded, 'allowed');
  });

  return app;
}
