// The Apps view: the developer's side of the local emulator (issue #19, item 9). The installed apps with
// their secrets, problems and workflow steps on one side, the live delivery log on the other, the
// emulator's own choices above. Shown only while the playground is connected to the emulator; the shell
// loads it on first use (src/app/side-panels.tsx), as the page's `main` in place of the query workspace.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useSession } from '../auth/session.ts';
import type { Edition } from '../croql/index.ts';
import { AppCard } from './AppCard.tsx';
import { AppsSettings } from './AppsSettings.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { clock } from './format.ts';
import { InstallForm, OAuthApps, REGISTER_NAME_ID } from './InstallForm.tsx';
import { OtherProblems } from './OtherProblems.tsx';
import { Failure } from './parts.tsx';
import { FaultsPanel } from './FaultsPanel.tsx';
import { emulatorGone, emulatorOrigin, forgetPreviousRun, overviewQuery } from './queries.ts';
import { useAppsUi, useAppsUiActions } from './store.ts';
import { StatePanel } from './StatePanel.tsx';
import { ScenariosPanel } from './ScenariosPanel.tsx';
import { useAppsStream, type StreamState } from './stream.ts';
import './apps.css';

/** The id of the view's `main`: the shell's skip link focuses it. */
export const APPS_MAIN_ID = 'apps-view';

const STREAM_LABELS: Record<StreamState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  lost: 'Not live: reload to reconnect',
};

export default function AppsView(props: { onClose: () => void; edition: Edition }) {
  const origin = emulatorOrigin(useSession());
  const overview = useQuery(overviewQuery(origin));
  const stream = useAppsStream(origin);
  const { selectDelivery, sawRun, dismissRestart, setOAuthOpen } = useAppsUiActions();
  const restartedAt = useAppsUi((s) => s.restartedAt);
  const queryClient = useQueryClient();
  const id = useId();
  const data = overview.data;
  const startedAt = data?.settings.startedAt;
  // Gone: what follows is as last read, and says so at once (ui-walk D4), not only in the badge.
  const gone = emulatorGone(overview.error);
  useEffect(() => {
    if (origin && startedAt && sawRun(origin, startedAt)) forgetPreviousRun(queryClient, origin);
  }, [origin, startedAt, sawRun, queryClient]);

  const registerAgain = () => {
    setOAuthOpen(true);
    requestAnimationFrame(() => document.getElementById(REGISTER_NAME_ID)?.focus());
  };

  return (
    <main
      id={APPS_MAIN_ID}
      tabIndex={-1}
      className="apps-view"
      aria-labelledby={`${id}-title`}
      data-testid="apps-view"
      data-emulator={gone ? 'gone' : undefined}
    >
      <header className="apps-view-head">
        <h2 id={`${id}-title`}>Apps</h2>
        <span className="hint">
          on the local emulator <code>{origin ?? 'not connected'}</code>
        </span>
        <span className={`apps-live apps-live-${gone ? 'lost' : stream}`} role="status">
          {gone ? 'Not answering' : STREAM_LABELS[stream]}
        </span>
        <span className="spacer" />
        {origin && (
          <a
            className="button-ghost apps-skip"
            href={`#${id}-log`}
            onClick={(e) => {
              // Focus the log without touching the address (its fragment is for permalinks).
              e.preventDefault();
              document.getElementById(`${id}-log`)?.focus();
            }}
          >
            Skip to the delivery log
          </a>
        )}
        <button type="button" onClick={props.onClose}>
          Back to the query
        </button>
      </header>
      {!origin && (
        <p className="notice notice-info">
          The Apps view works with the local emulator: sign in to it (the connection "Local emulator").
        </p>
      )}
      {restartedAt && (
        <div className="notice notice-warning" role="status" data-testid="emulator-restarted">
          <span>
            The emulator restarted at <time dateTime={restartedAt}>{clock(restartedAt)}</time>. Unless it
            keeps its state in a file (--state, under State below), apps, OAuth apps and the delivery log of
            its previous run are gone, and ids count from the start again.{' '}
            <button type="button" className="link-button" onClick={registerAgain}>
              Register the OAuth app
            </button>{' '}
            and install the app again: the same name gives the same client id and secret, and the app keeps
            its secret.
          </span>
          <button type="button" onClick={dismissRestart}>
            Dismiss
          </button>
        </div>
      )}
      {overview.isError && (
        <div data-testid="emulator-gone">
          <Failure error={overview.error} onRetry={() => void overview.refetch()} />
          {gone && data && (
            <p className="hint">
              What follows is as the emulator last answered, at{' '}
              <time dateTime={new Date(overview.dataUpdatedAt).toISOString()}>
                {clock(new Date(overview.dataUpdatedAt).toISOString())}
              </time>
              : nothing below is live until it answers again.
            </p>
          )}
        </div>
      )}
      {data && <AppsSettings settings={data.settings} />}
      {origin && (
        <div className="apps-columns" data-stale={gone || undefined}>
          <div className="apps-column">
            <InstallForm
              origin={origin}
              installTimeoutSeconds={data?.settings.installTimeoutSeconds ?? 30}
              installed={data?.apps}
              installedReadAt={overview.dataUpdatedAt}
            />
            {data && <OAuthApps origin={origin} clients={data.clients} />}
            <StatePanel origin={origin} />
            {data?.apps.length === 0 && <p className="hint">No app is installed.</p>}
            {data?.apps.map((app) => (
              <AppCard key={app.appId} origin={origin} app={app} edition={props.edition} />
            ))}
            {/* Below the apps: a manifest refused ten times while being fixed must not push the app down. */}
            {data && (
              <OtherProblems
                problems={data.problems}
                installedAt={data.apps.map((a) => a.installedAt)}
                onShowDelivery={selectDelivery}
              />
            )}
          </div>
          <div className="apps-column apps-log-column" id={`${id}-log`} tabIndex={-1}>
            <DeliveryLog origin={origin} overview={data} />
            <FaultsPanel origin={origin} />
            <ScenariosPanel origin={origin} />
          </div>
        </div>
      )}
    </main>
  );
}
