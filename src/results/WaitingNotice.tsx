// The notice for a run whose oldest request has gone unanswered for a second: what is happening (no answer
// from the host yet) and what to do (Retry, Cancel). The request itself goes on, because a legitimate
// query can take seconds; the API client ends it only at REQUEST_TIMEOUT_MS (src/connection/api.ts).
import { useEffect, useState } from 'react';
import { useSession } from '../auth/session.ts';
import { waitingMessage } from '../connection/api.ts';
import { CodeText } from '../ui/CodeText.tsx';
import { oldestUnanswered, useInspectorStore } from '../rows/requests.ts';

/** How long a request of the run goes unanswered before the results say so. */
export const WAITING_NOTICE_MS = 1000;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Whether `ms` have passed since `since` (null: nothing is waiting). The only state is the `since` whose
 * deadline a timer saw pass, so a new wait starts unnoticed again without resetting anything.
 */
function useHasWaited(since: number | null, ms: number): boolean {
  const [passed, setPassed] = useState<number | null>(null);
  useEffect(() => {
    if (since === null) return;
    const timer = setTimeout(() => setPassed(since), Math.max(0, since + ms - Date.now()));
    return () => clearTimeout(timer);
  }, [since, ms]);
  return since !== null && passed === since;
}

export function WaitingNotice(props: { running: boolean; onRetry: () => void; onCancel: () => void }) {
  const { running, onRetry, onCancel } = props;
  const waiting = useInspectorStore((s) => oldestUnanswered(s.requests));
  const connection = useSession()?.connection;
  const waited = useHasWaited(running && waiting ? waiting.at : null, WAITING_NOTICE_MS);
  if (!waited || !waiting || !connection) return null;
  return (
    <div className="notice notice-warning waiting-notice" role="status" data-testid="waiting-notice">
      <span>
        <CodeText text={waitingMessage(connection, hostOf(waiting.url))} />
      </span>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
