import { useMemo } from 'react';
import { useInspectorStore } from './inspector-store.ts';

/** Beyond this the raw response is cut, so a 500-row page does not freeze the page when shown. */
const MAX_SHOWN_CHARS = 200_000;

export function Inspector() {
  const last = useInspectorStore((s) => s.last);
  const count = useInspectorStore((s) => s.requestCount);
  const raw = useMemo(() => {
    if (!last) return '';
    const text = typeof last.body === 'string' ? last.body : JSON.stringify(last.body, null, 2);
    return text.length > MAX_SHOWN_CHARS
      ? `${text.slice(0, MAX_SHOWN_CHARS)}\n… (${(text.length - MAX_SHOWN_CHARS).toLocaleString('en-US')} more characters; export the rows for everything)`
      : text;
  }, [last]);
  return (
    <details className="results-inspector" data-testid="inspector">
      <summary>Inspector{count ? ` (${count} request${count === 1 ? '' : 's'})` : ''}</summary>
      {last ? (
        <dl>
          <dt>Request</dt>
          <dd>
            <code data-testid="inspector-url">GET {last.url}</code>
            <div className="results-muted">
              The token travels in the Authorization header and is never shown.
            </div>
          </dd>
          <dt>Status</dt>
          <dd data-testid="inspector-status">{last.status || 'no response'}</dd>
          <dt>Time</dt>
          <dd>{last.elapsedMs} ms</dd>
          <dt>Response</dt>
          <dd>
            <pre className="results-json">{raw}</pre>
          </dd>
        </dl>
      ) : (
        <p className="results-muted">No request yet. Run a query to see its request and response here.</p>
      )}
    </details>
  );
}
