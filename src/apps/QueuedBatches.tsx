// What waits for the next batch (the overview's `queued`): webhook events are batched per app and webhook
// module, and are not in the delivery log until their batch goes. One line per app and module, kept up to
// date by the stream's `apps` events; a polite status region, so each change is read once (no ticking clock).
import type { AppsOverview, QueuedBatch } from '../wire/apps.ts';
import { clock, plural } from './format.ts';

/** The line for one waiting batch, e.g. "78 events wait for the next batch to My App (step-hook), at 08:51:03". */
export function queuedLine(batch: QueuedBatch, appName: string): string {
  const events = plural(batch.events, 'event');
  return `${events} ${batch.events === 1 ? 'waits' : 'wait'} for the next batch to ${appName} (${batch.moduleKey}), at ${clock(batch.sendsAt)}`;
}

/** The waiting batches (of the app the log is filtered to, when it is); nothing when none waits. */
export function QueuedBatches(props: { overview: AppsOverview | undefined; app: string }) {
  const { overview, app } = props;
  const queued = (overview?.queued ?? []).filter((q) => !app || q.appId === app);
  const nameOf = (appId: string) => overview?.apps.find((a) => a.appId === appId)?.name ?? appId;
  // The region stays in the page (empty when nothing waits) so that what appears in it is announced.
  return (
    <div className="apps-queued" role="status" data-testid="queued-batches">
      {queued.length > 0 && (
        <ul>
          {queued.map((q) => (
            <li key={`${q.appId}\0${q.moduleKey}`} data-testid="queued-batch" data-app-id={q.appId}>
              {queuedLine(q, nameOf(q.appId))} — or Send queued now
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
