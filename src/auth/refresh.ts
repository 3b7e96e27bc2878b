import { jwtExpiresAt, jwtFromBridge } from './app-mode.ts';
import { useAuthStore, type Session } from './session.ts';
import { EMULATOR_RESTARTED } from '../wire/connection.ts';
import { EMULATOR_RESTARTED_MESSAGE, requestTokens, TokenError } from './token-relay.ts';

/** Refresh this long before the access token expires, so a request never leaves with a dying token. */
export const REFRESH_MARGIN_MS = 60_000;

let inflight: Promise<Session> | null = null;

export function needsRefresh(session: Session, now = Date.now()): boolean {
  return session.expiresAt - REFRESH_MARGIN_MS <= now;
}

/**
 * Renews the access token with the refresh token. Concurrent callers share one request (single flight).
 * Resolves with the new session; rejects with a TokenError (and signs out) when renewal is impossible.
 */
export function refreshSession(): Promise<Session> {
  if (inflight) return inflight;
  inflight = doRefresh().finally(() => {
    inflight = null;
  });
  return inflight;
}

async function doRefresh(): Promise<Session> {
  const { session, actions } = useAuthStore.getState();
  if (!session) throw new TokenError('You are signed out. Sign in again.', 'signed_out');
  if (session.app) return renewAppSession(session);
  if (!session.refreshToken) {
    throw new TokenError('Your session expired and cannot be renewed. Sign in again.', 'no_refresh_token');
  }
  try {
    const tokens = await requestTokens(
      {
        connection: session.connection,
        grant_type: 'refresh_token',
        refresh_token: session.refreshToken,
        ...(session.clientId ? { client_id: session.clientId } : {}),
        ...(session.domain ? { domain: session.domain } : {}),
      },
      session.scope,
    );
    // The user may have signed out or switched while the request was out.
    if (useAuthStore.getState().session?.accessToken !== session.accessToken) {
      const now = useAuthStore.getState().session;
      if (!now) throw new TokenError('You are signed out. Sign in again.', 'signed_out');
      return now;
    }
    actions.tokensRefreshed(tokens);
    const renewed = useAuthStore.getState().session;
    if (!renewed) throw new TokenError('You are signed out. Sign in again.', 'signed_out');
    return renewed;
  } catch (error) {
    if (error instanceof TokenError && error.code !== 'network' && error.code !== 'server_error') {
      actions.signOut({
        kind: 'error',
        text:
          error.code === EMULATOR_RESTARTED
            ? EMULATOR_RESTARTED_MESSAGE
            : 'Session expired — sign in again. Your query is kept.',
      });
    }
    throw error;
  }
}

/** The current session with a token that is not about to expire (refreshing first when needed). */
export async function freshSession(): Promise<Session | null> {
  const session = useAuthStore.getState().session;
  if (!session) return null;
  if (!needsRefresh(session) || (!session.refreshToken && !session.app)) return session;
  return refreshSession();
}

/**
 * A Crowdin app module's session renews its JWT from the bridge (`AP.getJwtToken`). Without a bridge, or
 * with no newer token, the current one is used while it lasts; the app server's 401 then says what to do.
 */
async function renewAppSession(session: Session): Promise<Session> {
  const token = await jwtFromBridge();
  const now = useAuthStore.getState().session;
  if (!now) throw new TokenError('You are signed out. Sign in again.', 'signed_out');
  if (!token || token === now.accessToken) return now;
  const renewed: Session = { ...now, accessToken: token, expiresAt: jwtExpiresAt(token, session.expiresAt) };
  useAuthStore.getState().actions.signedIn(renewed);
  return renewed;
}
