// Installing an app from its manifest URL, as the service's private install does: the emulator fetches and
// validates the manifest, then sends the installed event; a refusal shows the problems at their JSON
// pointers, or the app's answer. The URL typed stays (store.ts) whatever happens.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { keys } from '../connection/keys.ts';
import { announce } from '../ui/announce.ts';
import {
  MANIFEST_TIMEOUT_SECONDS,
  type AppInfo,
  type InstallRequest,
  type OAuthAppInfo,
} from '../wire/apps.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps } from './client.ts';
import { plural } from './format.ts';
import { CopyButton, Failure, Secret } from './parts.tsx';
import { useAppsUi, useAppsUiActions } from './store.ts';

/** The Register form's name field: the restart notice's "Register the OAuth app" leads there. */
export const REGISTER_NAME_ID = 'apps-register-name';

export function InstallForm(props: {
  origin: string;
  installTimeoutSeconds: number;
  /** The apps installed now: the last install's notice stays only while its app does (ui-walk D19). */
  installed: readonly AppInfo[] | undefined;
  /** When the emulator last said which apps are installed (ms). */
  installedReadAt: number;
}) {
  const { origin } = props;
  const url = useAppsUi((s) => s.installUrl);
  const { setInstallUrl } = useAppsUiActions();
  const queryClient = useQueryClient();
  const id = useId();
  const install = useMutation({
    mutationFn: (request: InstallRequest) => callApps(origin, APPS_ROUTES.install, { body: request }),
    onSuccess: (app) => {
      announce(`Installed ${app.name}.`);
      // Installed: the field is free for the next app, not an invitation to install this one twice.
      setInstallUrl('');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });
  const trimmed = url.trim();
  return (
    <section className="apps-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Install an app</h3>
      <form
        className="apps-form-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed) install.mutate({ manifestUrl: trimmed });
        }}
      >
        <label htmlFor={`${id}-url`}>Manifest URL</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="http://127.0.0.1:3000/manifest.json"
          value={url}
          onChange={(e) => setInstallUrl(e.target.value)}
          required
        />
        <button type="submit" className="button-primary" disabled={install.isPending || !trimmed}>
          Install
        </button>
      </form>
      {install.isPending && (
        <p role="status" className="hint">
          Fetching the manifest (at most {MANIFEST_TIMEOUT_SECONDS} s), checking it and sending the installed
          event (the app has {props.installTimeoutSeconds} s to answer): the emulator's choices.
        </p>
      )}
      {install.isError && <Failure error={install.error} />}
      {install.isSuccess &&
        stillInstalled(install.data, props.installed, props.installedReadAt > install.submittedAt) && (
          <p role="status" className="notice notice-info" data-testid="install-result">
            {/* One span: in the notice's flex row, bare text beside the code would be separate, gapped items. */}
            <span>
              Installed {install.data.name} (<code>{install.data.appId}</code>)
              {install.data.warnings.length > 0 &&
                `, with ${plural(install.data.warnings.length, 'warning')}`}
              .
            </span>
          </p>
        )}
    </section>
  );
}

/**
 * Whether the app an install returned is still installed (not uninstalled, nor installed again, since).
 * A list read before the install finished does not know it yet: that says nothing.
 */
export function stillInstalled(
  app: AppInfo,
  installed: readonly AppInfo[] | undefined,
  readAfterInstall: boolean,
): boolean {
  const now = installed?.find((a) => a.appId === app.appId);
  if (now) return now.installedAt === app.installedAt;
  return !readAfterInstall;
}

/**
 * OAuth apps: a manifest's `authentication.clientId` must name one, as on the service, whose settings page
 * creates them. The secret is the app's to keep (its token requests send it).
 */
export function OAuthApps(props: { origin: string; clients: readonly OAuthAppInfo[] }) {
  const { origin } = props;
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState('project');
  // Open at first when there is none yet (installing a step app starts here); then as the user left it,
  // also across leaving the view (ui-walk D5).
  const chosenOpen = useAppsUi((s) => s.oauthOpen);
  const { setOAuthOpen } = useAppsUiActions();
  const [openAtFirst] = useState(props.clients.length === 0);
  const open = chosenOpen ?? openAtFirst;
  // What the last Register did, shown until the next: the same name gives the same credentials, which
  // would otherwise look as if nothing happened.
  const [registered, setRegistered] = useState<string | null>(null);
  const register = useMutation({
    mutationFn: () => callApps(origin, APPS_ROUTES.clients, { body: { name, scopes } }),
    onSuccess: ({ clientId }) => {
      const message = registeredMessage(name.trim(), scopes, props.clients, clientId);
      setRegistered(message);
      announce(message);
      setName('');
      // Working here: the section stays open, also when the view is left and entered again.
      setOAuthOpen(true);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.appsOverview(origin) }),
  });
  return (
    <section className="apps-card" aria-labelledby={`${id}-title`}>
      <details
        open={open}
        onToggle={(e) => {
          if (e.currentTarget.open !== open) setOAuthOpen(e.currentTarget.open);
        }}
      >
        <summary>
          <h3 id={`${id}-title`} className="apps-inline-heading">
            OAuth apps ({props.clients.length})
          </h3>
        </summary>
        <p className="hint">
          An app with <code>crowdin_app</code> or <code>crowdin_agent</code> authentication names one in its
          manifest (<code>authentication.clientId</code>) and takes tokens with its secret.
        </p>
        {props.clients.length > 0 && (
          <ul className="apps-clients">
            {props.clients.map((c) => (
              <li key={c.clientId} data-testid="oauth-app">
                <strong>{c.name}</strong> <span className="hint">scopes {c.scopes.join(' ')}</span>
                <span className="apps-kv">
                  Client id <code data-testid="client-id">{c.clientId}</code>
                  <CopyButton
                    text={c.clientId}
                    label="Copy"
                    what={`Client id of ${c.name}`}
                    className="button-ghost"
                    named
                  />
                </span>
                <span className="apps-kv">
                  Client secret <Secret value={c.clientSecret} label={`Client secret of ${c.name}`} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <form
          className="apps-form-row"
          onSubmit={(e) => {
            e.preventDefault();
            setRegistered(null);
            if (name.trim()) register.mutate();
          }}
        >
          <label htmlFor={REGISTER_NAME_ID}>Name</label>
          <input id={REGISTER_NAME_ID} value={name} onChange={(e) => setName(e.target.value)} required />
          <label htmlFor={`${id}-scopes`}>Scopes</label>
          <input id={`${id}-scopes`} value={scopes} onChange={(e) => setScopes(e.target.value)} />
          <button type="submit" disabled={register.isPending || !name.trim()}>
            Register OAuth app
          </button>
        </form>
        {registered && register.isSuccess && (
          <p role="status" className="hint" data-testid="oauth-registered">
            {registered}
          </p>
        )}
        {register.isError && <Failure error={register.error} />}
      </details>
    </section>
  );
}

/**
 * What registering did: a new OAuth app, or the one of that name again (the emulator gives a name the
 * same credentials, so an app keeps working across restarts), with the scopes it has now.
 */
export function registeredMessage(
  name: string,
  scopes: string,
  before: readonly OAuthAppInfo[],
  clientId: string,
): string {
  const now = scopes
    .split(/[\s,]+/)
    .filter(Boolean)
    .join(' ');
  const earlier = before.find((c) => c.clientId === clientId);
  if (!earlier) return `Registered ${name}: its client id and secret are above.`;
  const same = earlier.scopes.join(' ') === now;
  return `${name} was registered already: the same client id and secret${same ? '' : `, its scopes now ${now}`}.`;
}
