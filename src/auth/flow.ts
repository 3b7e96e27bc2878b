import {
  apiUrlFor,
  authorizeUrlFor,
  configuredClientId,
  fetchAuthConfig,
  isAllowedApiUrl,
  refusedHostMessage,
} from './hosts.ts';
import { isConnectionKind, type AuthConfig, type ConnectionKind } from '../wire/connection.ts';
import { codeChallengeS256, randomToken } from './pkce.ts';
import { domainMismatch, useAuthStore, type Session } from './session.ts';
import { requestTokens, TokenError } from './token-relay.ts';

/** What a sign-in in progress remembers across the redirect; sessionStorage only, removed once used. */
interface PendingSignIn {
  state: string;
  verifier: string;
  connection: ConnectionKind;
  domain: string | null;
  clientId: string | null;
  /** Whether the user typed the client id (then the relay is told which one). */
  clientIdTyped: boolean;
  apiUrl: string;
  redirectUri: string;
  scope: string;
}

/** Where this tab keeps the sign-in in progress (sessionStorage). */
export const PENDING_KEY = 'croql.oauth.pending';

/**
 * This tab's storage refused to keep the sign-in in progress (it is full, or the browser blocks it), so the
 * sign-in did not start: the page it returns to is a new load that can finish only with what this tab kept,
 * so memory cannot stand in. `error` is what the storage threw; the layers above word it
 * (src/connection/pending-kept.ts), as auth cannot import ui.
 */
export class PendingNotKept extends Error {
  constructor(readonly error: unknown) {
    super("The sign-in did not start: this tab's storage refused its request.");
    this.name = 'PendingNotKept';
  }
}

export function redirectUri(): string {
  return `${location.origin}/callback`;
}

export interface SignInChoice {
  connection: ConnectionKind;
  domain: string | null;
  /** A client id typed in Settings; otherwise the app server's configured one. */
  clientId: string | null;
}

/**
 * Builds the authorization URL and stores the PKCE verifier and `state`. Throws with a message for a person,
 * or PendingNotKept when this tab's storage refuses them.
 */
export async function prepareSignIn(config: AuthConfig, choice: SignInChoice): Promise<string> {
  const apiUrl = apiUrlFor(config, choice.connection, choice.domain);
  if (!isAllowedApiUrl(apiUrl, config)) {
    throw new Error(
      `Refusing to sign in: ${apiUrl} is not a host of the service or the configured emulator.`,
    );
  }
  const typed = choice.clientId?.trim() || null;
  const clientId = typed ?? configuredClientId(config, choice.connection);
  if (!clientId) {
    throw new Error(
      `No OAuth client id for ${choice.connection === 'emulator' ? 'the emulator' : 'Crowdin'}: set CROQL_CLIENT_ID (and CROQL_CLIENT_SECRET) on the app server, or enter your app's client id in Settings.`,
    );
  }
  const verifier = randomToken();
  const state = randomToken();
  const pending: PendingSignIn = {
    state,
    verifier,
    connection: choice.connection,
    domain: choice.connection === 'enterprise' ? (choice.domain?.toLowerCase() ?? null) : null,
    clientId,
    clientIdTyped: typed !== null,
    apiUrl,
    redirectUri: redirectUri(),
    scope: config.scopes,
  };
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch (error) {
    throw new PendingNotKept(error);
  }
  const authorize = new URL(
    authorizeUrlFor(config, choice.connection).replace('{domain}', pending.domain ?? ''),
  );
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: pending.redirectUri,
    response_type: 'code',
    scope: config.scopes,
    state,
    code_challenge: await codeChallengeS256(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return authorize.toString();
}

/** Starts the sign-in: the browser leaves for the authorization page. */
export async function startSignIn(config: AuthConfig, choice: SignInChoice): Promise<void> {
  location.assign(await prepareSignIn(config, choice));
}

export function isCallbackUrl(url: URL): boolean {
  return url.pathname === '/callback';
}

/**
 * Finishes the sign-in on `/callback`: checks `state` and the API URL the sign-in was started for (against
 * the same allow-list as the start), exchanges the code through the relay and stores the session. The
 * stored verifier and state are deleted whatever happens. Throws with a message for a person.
 */
export async function completeSignIn(
  search: URLSearchParams,
  loadConfig: () => Promise<AuthConfig> = fetchAuthConfig,
): Promise<Session> {
  const pending = takePending();
  const state = search.get('state');
  if (!pending) {
    throw new Error(
      "This sign-in answer does not match a sign-in started in this tab: the request it answers is not in this tab's storage (it was used already, the tab's storage was cleared or blocked, or the sign-in began in another tab). Sign in again.",
    );
  }
  if (!state || state !== pending.state) {
    throw new Error(
      'The sign-in answer failed the security check (its state does not match the request), so it was ignored. Sign in again.',
    );
  }
  const error = search.get('error');
  if (error === 'access_denied') {
    throw new Error(
      'You declined access, so the playground cannot read your projects. Sign in again and choose Approve to run queries.',
    );
  }
  if (error) {
    const description = search.get('error_description');
    throw new Error(`Signing in failed (${error}${description ? `: ${description}` : ''}). Sign in again.`);
  }
  const code = search.get('code');
  if (!code) throw new Error('The sign-in answer carried no authorization code. Sign in again.');
  if (!isAllowedApiUrl(pending.apiUrl, await loadConfig()))
    throw new Error(refusedHostMessage(pending.apiUrl));
  const tokens = await requestTokens(
    {
      connection: pending.connection,
      grant_type: 'authorization_code',
      code,
      code_verifier: pending.verifier,
      redirect_uri: pending.redirectUri,
      ...(pending.clientIdTyped && pending.clientId ? { client_id: pending.clientId } : {}),
      ...(pending.domain ? { domain: pending.domain } : {}),
    },
    pending.scope,
  );
  const session: Session = {
    connection: pending.connection,
    domain: pending.domain,
    apiUrl: pending.apiUrl,
    clientId: pending.clientIdTyped ? pending.clientId : null,
    ...tokens,
  };
  const mismatch = domainMismatch(session);
  if (mismatch) throw new Error(mismatch);
  useAuthStore.getState().actions.signedIn(session);
  return session;
}

function takePending(): PendingSignIn | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as PendingSignIn;
    if (typeof value.state !== 'string' || typeof value.verifier !== 'string') return null;
    if (typeof value.apiUrl !== 'string' || typeof value.redirectUri !== 'string') return null;
    if (!isConnectionKind(value.connection)) return null;
    return value;
  } catch {
    // Not JSON, or a storage the browser blocks: either way there is no sign-in of this tab to finish.
    return null;
  }
}

export { TokenError };
