// The app server's routes, mounted into Vite's dev and preview servers (vite.config.ts):
//   GET  /auth/config  where each connection signs in (public values only)
//   POST /auth/token   forwards the code exchange and the refresh to the accounts host, adding the client
//                      secret, because the real token endpoint refuses browsers and wants the secret.
// It never logs a token or a request body.
import { Hono } from 'hono';
import { DEMO_CLIENT } from '../emulator/config.ts';
import { CONNECTION_KINDS, type ConnectionKind } from '../../wire/connection.ts';
import { ACCOUNTS_ORIGIN, authConfigBody, relayConfig, type RelayConfig } from './config.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface RelayOptions {
  config?: RelayConfig;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: Fetch;
  timeoutMs?: number;
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

  app.post('/auth/token', async (c) => {
    c.header('Cache-Control', 'no-store');
    const fail = (status: 400 | 403 | 502 | 503 | 504, error: string, description: string) =>
      c.json({ error, error_description: description }, status);

    let body: Record<string, unknown>;
    try {
      const parsed: unknown = await c.req.json();
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return fail(
        400,
        'invalid_request',
        'The body must be a JSON object such as {"connection":"emulator","grant_type":"refresh_token",…}.',
      );
    }
    const text = (name: string) =>
      typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string) : undefined;
    const connection = text('connection') as ConnectionKind | undefined;
    if (!connection || !CONNECTION_KINDS.includes(connection)) {
      return fail(400, 'invalid_request', 'connection must be "emulator", "standard" or "enterprise".');
    }
    const grant = text('grant_type');
    if (grant !== 'authorization_code' && grant !== 'refresh_token') {
      return fail(
        400,
        'unsupported_grant_type',
        'grant_type must be "authorization_code" or "refresh_token".',
      );
    }

    const origin = connection === 'emulator' ? config.emulatorUrl : ACCOUNTS_ORIGIN;
    let clientId: string | null;
    let clientSecret: string | null;
    if (connection === 'emulator') {
      clientId = DEMO_CLIENT.id;
      clientSecret = DEMO_CLIENT.secret;
    } else if (text('client_id') && text('client_id') !== config.clientId) {
      // A client id the user typed in the app's settings: public client, PKCE only (no secret known here).
      clientId = text('client_id')!;
      clientSecret = null;
    } else {
      clientId = config.clientId;
      clientSecret = config.clientSecret;
    }
    if (!clientId) {
      return fail(
        503,
        'server_not_configured',
        `No OAuth client is configured for the ${connection} connection. Set CROQL_CLIENT_ID and CROQL_CLIENT_SECRET for the app server and restart it.`,
      );
    }

    let upstream: URL;
    try {
      upstream = new URL('/oauth/token', origin);
    } catch {
      return fail(
        503,
        'server_not_configured',
        `The ${connection} accounts address "${origin}" is not a URL. Check CROQL_EMULATOR_URL.`,
      );
    }
    if (!config.allowedHosts.has(upstream.host)) {
      return fail(
        403,
        'upstream_not_allowed',
        `The relay only forwards to ${[...config.allowedHosts].join(', ')}; "${upstream.host}" is not on that list.`,
      );
    }

    const forwarded: Record<string, string> = { grant_type: grant, client_id: clientId };
    if (clientSecret) forwarded.client_secret = clientSecret;
    const names =
      grant === 'authorization_code' ? ['code', 'code_verifier', 'redirect_uri'] : ['refresh_token'];
    for (const name of names) if (text(name)) forwarded[name] = text(name)!;

    let response: Response;
    try {
      response = await upstreamFetch(upstream.toString(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(forwarded),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      return timedOut
        ? fail(
            504,
            'upstream_timeout',
            `The accounts server at ${upstream.host} did not answer within ${timeoutMs / 1000} s. Try again.`,
          )
        : fail(
            502,
            'upstream_unreachable',
            connection === 'emulator'
              ? `Cannot reach the emulator at ${upstream.host}. Start it with \`npm run emulator\` (or \`npm start\`) and try again.`
              : `Cannot reach the accounts server at ${upstream.host}. Check the network and try again.`,
          );
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      return fail(
        502,
        'upstream_invalid_response',
        `The accounts server at ${upstream.host} answered HTTP ${response.status} without JSON.`,
      );
    }
    if (!json || typeof json !== 'object') {
      return fail(
        502,
        'upstream_invalid_response',
        `The accounts server at ${upstream.host} answered with unexpected JSON.`,
      );
    }
    const status = response.status >= 200 && response.status < 600 ? response.status : 502;
    return c.json(json as object, status as 200);
  });

  return app;
}
