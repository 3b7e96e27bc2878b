import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { CodeText } from '../ui/CodeText.tsx';
import { Popover } from '../ui/Popover.tsx';
import { announce } from '../ui/announce.ts';
import { startSignIn } from '../auth/flow.ts';
import { useAuthActions, useSession } from '../auth/session.ts';
import { useApiClient } from './api.ts';
import { useConnectionChoice } from './choice.ts';
import { signInFailureText } from './pending-kept.ts';
import { CONNECTION_KINDS, type ConnectionKind } from '../wire/connection.ts';
import { authConfigQuery, CONNECTION_LABELS, isValidOrganizationDomain } from './config.ts';
import { userQuery } from './queries.ts';

const EMULATOR_DOWN =
  'The emulator is not running — start it with `npm run emulator` (or `npm start`), then sign in again.';

/**
 * Whether the emulator is there at all (an opaque answer is enough). A refused connection fails at once; an
 * emulator busy for longer than the wait is there, only slow, so the sign-in goes on to it.
 */
async function emulatorRunning(authorizeUrl: string): Promise<boolean> {
  try {
    await fetch(new URL('/health', authorizeUrl), { mode: 'no-cors', signal: AbortSignal.timeout(5000) });
    return true;
  } catch (e) {
    return e instanceof DOMException && e.name === 'TimeoutError';
  }
}

/** Header controls: where to connect, sign in / out, who is signed in and with which scopes. */
export function ConnectionBar() {
  const session = useSession();
  return session ? <SignedIn /> : <SignedOut />;
}

/**
 * Starts the sign-in with the chosen connection (the query survives the redirect in the draft, which is
 * saved on every change: src/library/draft.ts). `error` explains what stopped it.
 */
export function useSignIn() {
  const config = useQuery(authConfigQuery());
  const { connection, domain, clientIds } = useConnectionChoice();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typedClientId = clientIds[connection] ?? '';
  const queryClient = useQueryClient();
  const signIn = async () => {
    setError(null);
    if (connection === 'enterprise' && !isValidOrganizationDomain(domain)) {
      setError(
        'Enter your organization domain: one word like "acme" (from acme.crowdin.com), not an address.',
      );
      return;
    }
    setBusy(true);
    let settings;
    try {
      // Still loading (or reloading after a sign-out): wait for the settings instead of doing nothing.
      settings = config.data ?? (await queryClient.fetchQuery(authConfigQuery()));
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
      return;
    }
    if (connection === 'emulator' && !(await emulatorRunning(settings.emulator.authorizeUrl))) {
      setBusy(false);
      setError(EMULATOR_DOWN);
      return;
    }
    try {
      await startSignIn(settings, {
        connection,
        domain: connection === 'enterprise' ? domain : null,
        clientId: typedClientId || null,
      });
    } catch (e) {
      // Nothing was lost: the page stays, with the query and the choices as they were.
      setBusy(false);
      setError(signInFailureText(e));
    }
  };
  return { signIn, busy, error, setError, config, ready: !!config.data };
}

function SignedOut() {
  const { signIn, busy, error, setError, config, ready } = useSignIn();
  const { connection, domain, clientIds, actions } = useConnectionChoice();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const ids = { connection: useId(), domain: useId(), clientId: useId(), error: useId() };
  const needsClientId = config.data ? !config.data[connection].clientId : false;
  const typedClientId = clientIds[connection] ?? '';
  // A missing client id opens the settings where it can be typed, and the message shows there (under the
  // bar the popover would cover it). A missing domain is told first, under the bar, with the settings shut.
  const domainMissing = connection === 'enterprise' && !isValidOrganizationDomain(domain);
  const showSettings = settingsOpen || (!!error && needsClientId && !typedClientId && !domainMissing);
  const errorMessage = error && (
    <p role="alert" id={ids.error} className="inline-error">
      <CodeText text={error} />
    </p>
  );

  return (
    <div className="connection-bar">
      <label htmlFor={ids.connection} className="compact-label">
        Connection
      </label>
      <select
        id={ids.connection}
        value={connection}
        onChange={(e) => {
          actions.setConnection(e.target.value as ConnectionKind);
          setError(null);
        }}
      >
        {CONNECTION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {CONNECTION_LABELS[kind]}
          </option>
        ))}
      </select>
      {connection === 'enterprise' && (
        <>
          <label htmlFor={ids.domain} className="compact-label">
            Organization domain
          </label>
          <input
            id={ids.domain}
            className="domain-input"
            value={domain}
            placeholder="acme"
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => actions.setDomain(e.target.value)}
            aria-describedby={error ? ids.error : undefined}
          />
        </>
      )}
      <span className="popover-anchor">
        <button
          ref={settingsButton}
          type="button"
          className="button-ghost"
          aria-expanded={showSettings}
          onClick={() => setSettingsOpen(!showSettings)}
        >
          Settings
        </button>
        {showSettings && (
          <Popover
            label="Connection settings"
            anchor={settingsButton}
            onClose={() => setSettingsOpen(false)}
            align="end"
            className="settings-popover"
            testId="settings-popover"
          >
            <label htmlFor={ids.clientId}>OAuth client id for {CONNECTION_LABELS[connection]}</label>
            <input
              id={ids.clientId}
              value={typedClientId}
              spellCheck={false}
              autoComplete="off"
              placeholder={config.data?.[connection].clientId ?? 'from your OAuth app on Crowdin'}
              onChange={(e) => actions.setClientId(connection, e.target.value)}
            />
            <p className="hint">
              {config.data?.[connection].clientId
                ? 'Leave empty to use the app server’s configured client.'
                : 'The app server has no client id for this connection (CROQL_CLIENT_ID); enter yours.'}{' '}
              Redirect URI to register: <code>{`${location.origin}/callback`}</code>
            </p>
            {errorMessage}
          </Popover>
        )}
      </span>
      <button
        type="button"
        className="button-primary"
        onClick={() => void signIn()}
        disabled={busy || !ready}
        aria-describedby={error ? ids.error : undefined}
      >
        Sign in
      </button>
      {config.isError && (
        <p role="alert" className="inline-error">
          {config.error.message}
        </p>
      )}
      {!showSettings && errorMessage}
    </div>
  );
}

function SignedIn() {
  const session = useSession()!;
  const client = useApiClient();
  const { signOut } = useAuthActions();
  const chosen = useConnectionChoice((s) => s.connection);
  const chosenDomain = useConnectionChoice((s) => s.domain);
  const { setConnection, setDomain } = useConnectionChoice((s) => s.actions);
  // No client until the sign-in settings confirm the session's host (src/connection/api.ts).
  const user = useQuery(userQuery(client));
  const where =
    session.connection === 'enterprise'
      ? `${CONNECTION_LABELS.enterprise} (${session.domain})`
      : CONNECTION_LABELS[session.connection];
  const mismatch =
    chosen !== session.connection || (chosen === 'enterprise' && chosenDomain !== (session.domain ?? ''));

  const onSignOut = () => {
    // The one sign-out path (src/auth/session.ts): tokens revoked and forgotten, cached data and rows cleared.
    signOut();
    announce('Signed out. Tokens and loaded data are cleared; your query is kept.');
  };

  return (
    <div className="connection-bar">
      <span className="connection-badge" title={session.apiUrl}>
        {where}
      </span>
      <span className="signed-in-user" data-testid="signed-in-user">
        {user.data ? (
          <>
            <span className="signed-in-as">Signed in as </span>
            <strong>{user.data.username}</strong>
            {user.data.fullName ? <span className="full-name"> ({user.data.fullName})</span> : ''}
          </>
        ) : user.isError ? (
          'Signed in (user details unavailable)'
        ) : (
          'Signed in…'
        )}
      </span>
      <Scopes scopes={session.scope.split(/\s+/).filter(Boolean)} />
      <button type="button" className="button-ghost" onClick={onSignOut}>
        Sign out
      </button>
      {mismatch && (
        <p role="status" className="inline-warning">
          This query is set up for {CONNECTION_LABELS[chosen]}
          {chosen === 'enterprise' && chosenDomain ? ` (${chosenDomain})` : ''}; you are signed in to {where}.
          Sign out and sign in there to run it, or{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setConnection(session.connection);
              if (session.domain) setDomain(session.domain);
            }}
          >
            stay on {where}
          </button>
          .
        </p>
      )}
    </div>
  );
}

/** The granted scopes behind one button: as chips in the header they wrapped it onto a second line. */
function Scopes({ scopes }: { scopes: string[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <span className="popover-anchor">
      <button
        ref={button}
        type="button"
        className="button-ghost scopes-button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {scopes.length === 1 ? '1 scope' : `${scopes.length} scopes`}
      </button>
      {open && (
        <Popover
          label="Granted scopes"
          anchor={button}
          onClose={() => setOpen(false)}
          align="end"
          className="scopes-popover"
        >
          <span className="scopes">
            {scopes.map((scope) => (
              <span key={scope} className="scope-chip">
                {scope}
              </span>
            ))}
          </span>
        </Popover>
      )}
    </span>
  );
}
