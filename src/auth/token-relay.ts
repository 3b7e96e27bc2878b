import { EMULATOR_RESTARTED, type ConnectionKind } from '../wire/connection.ts';

/** A failure of the token relay (`POST /auth/token`) with a message for a person. */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

/** What the token endpoint grants, as a session keeps it. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Granted scopes, space separated, as the token endpoint returned them. */
  scope: string;
}

interface TokenRequest {
  connection: ConnectionKind;
  grant_type: 'authorization_code' | 'refresh_token';
  code?: string;
  code_verifier?: string;
  redirect_uri?: string;
  refresh_token?: string;
  /** Only when the user typed a client id; the relay otherwise uses the configured one. */
  client_id?: string;
  /** Enterprise organization domain. */
  domain?: string;
}

interface TokenResponse {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/** Exchanges a code or a refresh token through the app server's relay. */
export async function requestTokens(request: TokenRequest, requestedScope: string): Promise<TokenSet> {
  let response: Response;
  try {
    response = await fetch('/auth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    throw new TokenError(
      'Could not reach the app server to finish signing in. Check that it is running (`npm start`) and try again.',
      'network',
    );
  }
  let body: TokenResponse = {};
  try {
    body = (await response.json()) as TokenResponse;
  } catch {
    // a non-JSON answer is handled below by its status
  }
  if (!response.ok || typeof body.access_token !== 'string') {
    throw tokenErrorFrom(response.status, body, request.grant_type);
  }
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Date.now() + expiresIn * 1000,
    scope: typeof body.scope === 'string' ? body.scope : requestedScope,
  };
}

/** What the app says when the emulator restarted and so forgot the sign-in (it is not an expiry). */
export const EMULATOR_RESTARTED_MESSAGE =
  'The emulator restarted and no longer knows this sign-in (it keeps sign-ins in memory). Sign in again: your query is kept.';

function tokenErrorFrom(status: number, body: TokenResponse, grant: TokenRequest['grant_type']): TokenError {
  if (grant === 'refresh_token' && (body as Record<string, unknown>)[EMULATOR_RESTARTED] === true) {
    return new TokenError(EMULATOR_RESTARTED_MESSAGE, EMULATOR_RESTARTED);
  }
  const code = typeof body.error === 'string' ? body.error : `http_${status}`;
  const detail = typeof body.error_description === 'string' ? ` (${body.error_description})` : '';
  const messages: Record<string, string> = {
    invalid_grant:
      grant === 'authorization_code'
        ? 'The sign-in code was rejected: it expired or was already used. Sign in again.'
        : 'Your session can no longer be renewed. Sign in again.',
    invalid_client:
      'The service did not accept the app’s client id or secret. Check CROQL_CLIENT_ID / CROQL_CLIENT_SECRET (or the client id in Settings) and sign in again.',
    unauthorized_client:
      'This app is not allowed to use this sign-in method. Check the OAuth app registration.',
    invalid_request: 'The sign-in request was incomplete. Sign in again.',
    server_error: 'The sign-in service had an internal error. Wait a moment and sign in again.',
  };
  const message =
    messages[code] ??
    `Signing in failed (HTTP ${status}${typeof body.error === 'string' ? `, ${body.error}` : ''}). Sign in again.`;
  return new TokenError(message + detail, code);
}

/**
 * Asks the relay to revoke a session's tokens (RFC 7009): the refresh token, which ends its access tokens
 * too, or the access token when there is none. Best effort: signing out never waits for it or fails on it.
 */
export async function revokeTokens(
  session: Pick<TokenSet, 'accessToken' | 'refreshToken'> & { connection: ConnectionKind },
): Promise<void> {
  try {
    await fetch('/auth/revoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        connection: session.connection,
        token: session.refreshToken ?? session.accessToken,
        token_type_hint: session.refreshToken ? 'refresh_token' : 'access_token',
      }),
      // Still sent when the sign-out is followed by leaving the page.
      keepalive: true,
    });
  } catch {
    // offline or no app server: the tokens expire on their own
  }
}
