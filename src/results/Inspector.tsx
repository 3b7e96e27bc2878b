// Every request of the current run, "Fetch all" included: method, path and parameters, status, time, size,
// and whether it retried after a 429; a request still unanswered shows as waiting. Selecting one shows its
// request (token masked) and its response.
import { useId, useMemo, useState } from 'react';
import { CloseButton } from '../ui/CloseButton.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { useInspectorStore, type InspectedRequest } from '../rows/requests.ts';

/** Beyond this the raw response is cut, so a 500-row page does not freeze the page when shown. */
const MAX_SHOWN_CHARS = 200_000;
const MASKED_TOKEN = 'Bearer ••••••••  (hidden: the token is never shown)';

const number = (n: number) => n.toLocaleString('en-US');

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `/projects/1/strings?croql=…&limit=500`: the URL after the API base, parameters decoded for reading. */
export function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname.replace(/^.*?\/api\/v2/, '');
    const params = [...u.searchParams].map(([k, v]) => `${k}=${v}`).join('&');
    return params ? `${path}?${params}` : path;
  } catch {
    return url;
  }
}

function statusText(r: InspectedRequest): string {
  if (r.status === null) return 'waiting…';
  return r.status === 0 ? 'no response' : String(r.status);
}

const failed = (r: InspectedRequest) => r.status !== null && (r.status >= 400 || r.status === 0);

export default function Inspector({ onClose }: { onClose: () => void }) {
  const requests = useInspectorStore((s) => s.requests);
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = requests.find((r) => r.id === chosen) ?? requests.at(-1) ?? null;
  const titleId = useId();
  const retried = requests.filter((r) => r.afterRateLimit).length;
  return (
    <section className="side-panel inspector" aria-labelledby={titleId} data-testid="inspector">
      <header className="panel-header">
        <h2 id={titleId}>Inspector</h2>
        <CloseButton label="Close the inspector" onClick={onClose} />
      </header>
      {requests.length === 0 ? (
        <p className="results-muted panel-body">No request yet. Run a query to see its requests here.</p>
      ) : (
        <>
          <p className="results-muted panel-body" data-testid="inspector-summary">
            {number(requests.length)} request{requests.length === 1 ? '' : 's'} in this run
            {retried ? `, ${retried} retried after a 429` : ''}.
          </p>
          <div className="inspector-list" role="region" aria-label="Requests" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Request</th>
                  <th scope="col">Status</th>
                  <th scope="col">Time</th>
                  <th scope="col">Size</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((r) => (
                  <tr
                    key={r.id}
                    className={r === selected ? 'selected' : undefined}
                    data-testid="inspector-request"
                  >
                    <td>
                      <button
                        type="button"
                        className="inspector-request"
                        aria-pressed={r === selected}
                        onClick={() => setChosen(r.id)}
                      >
                        <span className="inspector-method">{r.method}</span> {shortUrl(r.url)}
                        {r.afterRateLimit && (
                          <>
                            {' '}
                            <span className="badge">retry after 429</span>
                          </>
                        )}
                      </button>
                    </td>
                    <td className={failed(r) ? 'status-bad' : undefined}>{statusText(r)}</td>
                    <td>{r.status === null ? '—' : `${number(r.elapsedMs)} ms`}</td>
                    <td>{r.status === null ? '—' : formatSize(r.size)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {selected && <RequestDetail request={selected} />}
        </>
      )}
    </section>
  );
}

type DetailTab = 'request' | 'response';
const DETAIL_TABS = [
  { id: 'request', label: 'Request' },
  { id: 'response', label: 'Response' },
] as const;

function RequestDetail({ request }: { request: InspectedRequest }) {
  const [tab, setTab] = useState<DetailTab>('response');
  const raw = useMemo(() => {
    const text =
      typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? null, null, 2);
    return text.length > MAX_SHOWN_CHARS
      ? `${text.slice(0, MAX_SHOWN_CHARS)}\n… (${number(text.length - MAX_SHOWN_CHARS)} more characters; export the rows for everything)`
      : text;
  }, [request]);
  const params = useMemo(() => {
    try {
      return [...new URL(request.url).searchParams];
    } catch {
      return [];
    }
  }, [request.url]);
  return (
    <div className="inspector-detail">
      <Tabs
        label="Request or response"
        tabs={DETAIL_TABS}
        selected={tab}
        onSelect={setTab}
        panelClassName="panel-body"
      >
        {tab === 'request' ? (
          <dl className="inspector-fields">
            <dt>URL</dt>
            <dd>
              <code data-testid="inspector-url">
                {request.method} {request.url}
              </code>
            </dd>
            {params.length > 0 && (
              <>
                <dt>Parameters</dt>
                <dd>
                  <ul className="plain-list">
                    {params.map(([k, v]) => (
                      <li key={k}>
                        <code>{k}</code> = <code>{v}</code>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
            <dt>Headers</dt>
            <dd>
              <code>Authorization: </code>
              <code data-testid="inspector-authorization">{MASKED_TOKEN}</code>
              <br />
              <code>Accept: application/json</code>
            </dd>
          </dl>
        ) : (
          <>
            <p className="results-muted">
              HTTP <span data-testid="inspector-status">{statusText(request)}</span>
              {request.status === null
                ? ' · no answer yet'
                : ` · ${number(request.elapsedMs)} ms · ${formatSize(request.size)}`}
              {request.afterRateLimit ? ' · retried after a 429' : ''}
            </p>
            {request.status !== null && (
              <pre className="results-json" tabIndex={0} aria-label="Response body">
                {raw}
              </pre>
            )}
          </>
        )}
      </Tabs>
    </div>
  );
}
