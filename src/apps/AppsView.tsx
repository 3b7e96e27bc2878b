// The Apps view: the developer's side of the local emulator (issue #19, item 9). The installed apps with
// their secrets, problems and workflow steps on one side, the live delivery log on the other, the
// emulator's own choices above. Shown only while the playground is connected to the emulator; the shell
// loads it on first use (src/app/side-panels.tsx).
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSession, type Session } from '../auth/session.ts';
import { keys } from '../connection/keys.ts';
import type { AppProblem } from '../wire/apps.ts';
import type { Edition } from '../croql/index.ts';
import { AppCard } from './AppCard.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { EmulatorChoices } from './EmulatorChoices.tsx';
import { InstallForm, OAuthApps } from './InstallForm.tsx';
import { AppProblems, clock, Failure } from './parts.tsx';
import { overviewQuery } from './queries.ts';
import { useAppsUi, useAppsUiActions } from './store.ts';
import { StatePanel } from './StatePanel.tsx';
import { useAppsStream, type StreamState } from './stream.ts';
import './apps.css';

/** The emulator's origin (its control routes live there) while signed in to it; null otherwise. */
export function emulatorOrigin(session: Session | null): string | null {
  if (session?.connection !== 'emulator') return null;
  try {
    return new URL(session.apiUrl).origin;
  } catch {
    return null;
  }
}

const STREAM_LABELS: Record<StreamState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  lost: 'Not live: reload to reconnect',
};

export default function AppsView(props: { onClose: () => void; edition: Edition }) {
  const origin = emulatorOrigin(useSession());
  const overview = useQuery(overviewQuery(origin));
  const stream = useAppsStream(origin);
  const { selectDelivery, sawRun, dismissRestart } = useAppsUiActions();
  const restartedAt = useAppsUi((s) => s.restartedAt);
  const queryClient = useQueryClient();
  const id = useId();
  const data = overview.data;
  const startedAt = data?.settings.startedAt;
  useEffect(() => {
    if (origin && startedAt && sawRun(origin, startedAt)) forgetPreviousRun(queryClient, origin);
  }, [origin, startedAt, sawRun, queryClient]);

  return (
    <section className="apps-view" aria-labelledby={`${id}-title`} data-testid="apps-view">
      <header className="apps-view-head">
        <h2 id={`${id}-title`}>Apps</h2>
        <span className="hint">
          on the local emulator <code>{origin ?? 'not connected'}</code>
        </span>
        <span className={`apps-live apps-live-${stream}`} role="status">
          {STREAM_LABELS[stream]}
        </span>
        <span className="spacer" />
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
            its previous run are gone, and ids count from the start again. Register the OAuth app and install
            the app again: the same name gives the same client id and secret, and the app keeps its secret.
          </span>
          <button type="button" onClick={dismissRestart}>
            Dismiss
          </button>
        </div>
      )}
      {overview.isError && <Failure error={overview.error} onRetry={() => void overview.refetch()} />}
      {data && <EmulatorChoices settings={data.settings} />}
      {origin && (
        <div className="apps-columns">
          <div className="apps-column">
            <InstallForm origin={origin} installTimeoutSeconds={data?.settings.installTimeoutSeconds ?? 30} />
            {data && <OAuthApps origin={origin} clients={data.clients} />}
            <StatePanel origin={origin} />
            {data?.apps.length === 0 && <p className="hint">No app is installed.</p>}
            {data?.apps.map((app) => (
              <AppCard key={app.appId} origin={origin} app={app} edition={props.edition} />
            ))}
            {/* Below the apps: a manifest refused ten times while being fixed must not push the app down. */}
            {data && data.problems.length > 0 && (
              <OtherProblems problems={data.problems} onShowDelivery={selectDelivery} />
            )}
          </div>
          <div className="apps-column apps-log-column">
            <DeliveryLog origin={origin} overview={data} />
          </div>
        </div>
      )}
    </section>
  );
}

/** Problems shown at first; the older ones are a click away, never dropped. */
export const PROBLEMS_SHOWN = 3;

/** Refused installs and problems of no app, newest first: the newest few, then the rest on demand. */
function OtherProblems(props: { problems: readonly AppProblem[]; onShowDelivery: (id: number) => void }) {
  const [all, setAll] = useState(false);
  const { problems } = props;
  const hidden = all ? 0 : Math.max(0, problems.length - PROBLEMS_SHOWN);
  return (
    <section className="apps-card" aria-label="Other problems" data-testid="other-problems">
      <h3>Refused installs and other problems ({problems.length})</h3>
      <AppProblems
        problems={hidden ? problems.slice(0, PROBLEMS_SHOWN) : problems}
        onShowDelivery={props.onShowDelivery}
      />
      {(hidden > 0 || all) && problems.length > PROBLEMS_SHOWN && (
        <button type="button" className="link-button" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? `Show the newest ${PROBLEMS_SHOWN} only` : `Show ${hidden} older`}
        </button>
      )}
    </section>
  );
}

/**
 * Drops what was read from the emulator's previous run but the overview: a delivery, a fixture (kept for
 * good once read), a step's strings or settings page under an id that now names something else.
 */
function forgetPreviousRun(queryClient: QueryClient, origin: string): void {
  const overview = keys.appsOverview(origin);
  const apps = keys.apps(origin);
  queryClient.removeQueries({
    predicate: ({ queryKey }) =>
      (queryKey[0] === apps[0] && queryKey[1] === apps[1] && queryKey[2] !== overview[2]) ||
      (queryKey[0] === 'apps-settings-page' && queryKey[1] === origin),
  });
  void queryClient.invalidateQueries({ queryKey: apps });
}
