import { create } from 'zustand';
import type { Edition } from '../croql/types.ts';
import { isConnectionKind, type AuthConfig, type ConnectionKind } from '../wire/connection.ts';
import { isAllowedApiUrl, refusedHostMessage } from './hosts.ts';
import { revokeTokens, type TokenSet } from './token-relay.ts';

/** A signed-in session. Lives in memory and in sessionStorage (so a reload keeps it), never in localStorage. */
export interface Session extends TokenSet {
  connection: ConnectionKind;
  /** Enterprise organization domain; null for the other connections. */
  domain: string | null;
  /** API base URL ending in `/api/v2`, checked against the allow-list before the session was created. */
  apiUrl: string;
  clientId: string | null;
  /**
   * A Crowdin app module's session (src/auth/app-mode.ts): the token is the module JWT, renewed through
   * `AP.getJwtToken`, and `apiUrl` the app server's proxy. Never kept in storage (the page's address holds
   * the JWT) and never revoked (Crowdin issued it, not a sign-in).
   */
  app?: true;
}

/** Where this tab keeps its session (sessionStorage). */
export const SESSION_KEY = 'croql.session';

interface AuthState {
  session: Session | null;
  /** A message about the last sign-in / session event (declined, expired, token error). */
  notice: { kind: 'error' | 'info'; text: string } | null;
  /**
   * What this tab's storage threw when the session could not be kept there (full, blocked): the session
   * works in memory, and a reload will end it. The shell words it (src/app/session-kept.ts); null once a
   * write works or the session ends.
   */
  unkept: { error: unknown } | null;
  actions: {
    signedIn: (session: Session) => void;
    tokensRefreshed: (tokens: TokenSet) => void;
    /**
     * The one way out, for the button, a failed refresh and a 401 alike: forgets the tokens, asks the
     * accounts host to revoke them, and tells every `onSignOut` listener (the cached data and the rows on
     * screen go). `notice` explains why when it was not the user's choice.
     */
    signOut: (notice?: AuthState['notice']) => void;
    setNotice: (notice: AuthState['notice']) => void;
  };
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  session: readStoredSession(),
  notice: null,
  unkept: null,
  actions: {
    signedIn: (session) => set({ session, notice: null, unkept: storeSession(session) }),
    tokensRefreshed: (tokens) => {
      const current = get().session;
      if (!current) return;
      const session = { ...current, ...tokens, scope: tokens.scope || current.scope };
      const mismatch = domainMismatch(session);
      if (mismatch) return get().actions.signOut({ kind: 'error', text: mismatch });
      set({ session, unkept: storeSession(session) });
    },
    signOut: (notice = null) => {
      const ended = get().session;
      storeSession(null);
      set({ session: null, notice, unkept: null });
      if (ended && !ended.app) void revokeTokens(ended);
      for (const listener of [...signOutListeners]) listener();
    },
    setNotice: (notice) => set({ notice }),
  },
}));

const signOutListeners = new Set<() => void>();

/** Runs `listener` after every sign-out (whatever caused it); returns the function that removes it. */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** Ends a session (restored from sessionStorage, say) whose API URL is outside the sign-in's allow-list. */
export function endSessionOutsideAllowList(config: Pick<AuthConfig, 'emulator'>): void {
  const { session, actions } = useAuthStore.getState();
  if (session && !isAllowedApiUrl(session.apiUrl, config)) {
    actions.signOut({ kind: 'error', text: refusedHostMessage(session.apiUrl) });
  }
}

export const useSession = () => useAuthStore((s) => s.session);
export const useAuthNotice = () => useAuthStore((s) => s.notice);
export const useAuthActions = () => useAuthStore((s) => s.actions);

/** Keeps the session for a reload of this tab; returns what the tab's storage threw when it refused. */
function storeSession(session: Session | null): AuthState['unkept'] {
  if (session?.app) return null;
  try {
    if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else sessionStorage.removeItem(SESSION_KEY);
    return null;
  } catch (error) {
    // The session still works in memory; the shell tells the user that a reload will end it.
    return { error };
  }
}

function readStoredSession(): Session | null {
  try {
    if (typeof sessionStorage === 'undefined') return null;
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Session>;
    if (
      !isConnectionKind(value.connection) ||
      typeof value.accessToken !== 'string' ||
      typeof value.apiUrl !== 'string' ||
      typeof value.expiresAt !== 'number'
    ) {
      return null;
    }
    const session: Session = {
      connection: value.connection,
      domain: typeof value.domain === 'string' ? value.domain : null,
      apiUrl: value.apiUrl,
      clientId: typeof value.clientId === 'string' ? value.clientId : null,
      accessToken: value.accessToken,
      refreshToken: typeof value.refreshToken === 'string' ? value.refreshToken : null,
      expiresAt: value.expiresAt,
      scope: typeof value.scope === 'string' ? value.scope : '',
    };
    return domainMismatch(session) ? null : session;
  } catch {
    return null;
  }
}

/** The payload of a JWT access token, or null when the token is not a readable JWT. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Why a session's token does not belong to it, or null when it does. An enterprise token names its
 * organization (the `domain` claim), which must be the session's, whose API host it is; a token for the
 * standard edition names none. The emulator's tokens follow its --organization and are not checked.
 */
export function domainMismatch(
  session: Pick<Session, 'connection' | 'domain' | 'apiUrl' | 'accessToken' | 'app'>,
) {
  if (session.connection === 'emulator' || session.app) return null;
  const claim = decodeJwtPayload(session.accessToken)?.domain;
  const token = typeof claim === 'string' && claim !== '' ? claim.toLowerCase() : null;
  const expected = session.connection === 'enterprise' ? (session.domain?.toLowerCase() ?? null) : null;
  const where = (domain: string | null) => (domain ? `the organization "${domain}"` : 'crowdin.com');
  if (token !== expected) {
    return `The sign-in returned a token for ${where(token)}, not for ${where(expected)}, so it was not used. Sign in again.`;
  }
  let host = '';
  try {
    host = new URL(session.apiUrl).hostname;
  } catch {
    // an unreadable API URL matches no organization
  }
  if (expected && host.split('.')[0] !== expected) {
    return `The session's API address ${host || session.apiUrl} is not the organization "${expected}", so the token was not used. Sign in again.`;
  }
  return null;
}

/** Enterprise when the connection is enterprise or the token names an organization (`domain` claim). */
export function editionOf(session: Session | null): Edition {
  if (!session) return 'standard';
  if (session.connection === 'enterprise') return 'enterprise';
  const domain = decodeJwtPayload(session.accessToken)?.domain;
  return typeof domain === 'string' && domain !== '' ? 'enterprise' : 'standard';
}
