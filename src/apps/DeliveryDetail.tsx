// One delivery opened under its row: the request exactly as sent, the signature check (the HMAC
// recomputed here beside the header, and a verifier to paste into the app), every attempt with the start
// of the app's answer, and Redeliver, Copy as curl, Download fixture.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, use, useId, useMemo, useState } from 'react';
import { keys } from '../connection/keys.ts';
import { announce } from '../ui/announce.ts';
import { download } from '../ui/download.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { type AppsSettings, type DeliveryDetail as Detail, type Fixture } from '../wire/apps.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps, failureMessage } from './client.ts';
import { curlCommand } from './curl.ts';
import { bytes, clock, plural } from './format.ts';
import { notSent, underWayText } from './kinds.ts';
import { CopyButton, Failure } from './parts.tsx';
import { bodyPreview, largeCopyNote, prettyBody } from './request.ts';
import { deliveryQuery, fixtureQuery } from './queries.ts';
import {
  checkSignature,
  SNIPPET_LABELS,
  VERIFIER_SNIPPETS,
  type SignatureCheck,
  type SnippetLanguage,
} from './signature.ts';
import { useAppsUiActions } from './store.ts';

export function DeliveryDetail(props: {
  origin: string;
  id: number;
  /** An app's secret; null when the app is no longer installed. */
  secretOf: (appId: string) => string | null;
  settings: AppsSettings | undefined;
}) {
  const { origin, id } = props;
  const detail = useQuery(deliveryQuery(origin, id));
  const headingId = useId();
  if (detail.isError && !detail.data) {
    return <Failure error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data) return <p className="hint">Loading delivery #{id}…</p>;
  const d = detail.data;
  return (
    <section className="apps-detail" aria-labelledby={headingId} data-testid="delivery-detail">
      <h4 id={headingId} className="visually-hidden">
        Delivery #{d.id}
      </h4>
      <p className="apps-request-line">
        <code className="apps-break">
          {d.method} {d.url}
        </code>{' '}
        <span className="hint">
          {notSent(d.kind) ? 'opened' : `${bytes(d.bodyBytes)}, created`}{' '}
          <time dateTime={d.createdAt}>{clock(d.createdAt)}</time>
        </span>
      </p>
      {notSent(d.kind) ? (
        <p className="hint" data-testid="settings-page-opened">
          The step&apos;s settings page was opened here, with a JWT in its URL: the browser loads it, the
          emulator does not call it. The calls the app made from then on (as the page loaded, and after) are
          listed under this entry, until a newer delivery.
        </p>
      ) : (
        <DeliverySent origin={origin} delivery={d} secretOf={props.secretOf} settings={props.settings} />
      )}
    </section>
  );
}

/** What the emulator sent, and how the app answered. */
function DeliverySent(props: {
  origin: string;
  delivery: Detail;
  secretOf: (appId: string) => string | null;
  settings: AppsSettings | undefined;
}) {
  const { origin, delivery: d } = props;
  return (
    <>
      <RetryNote delivery={d} settings={props.settings} />
      <Actions origin={origin} delivery={d} />
      {d.kind !== 'module-call' && (
        <Suspense fallback={<p className="hint">Checking the signature…</p>}>
          <SignaturePanel request={d.request} secret={props.secretOf(d.appId)} />
        </Suspense>
      )}
      <Attempts delivery={d} />
      <RequestPanel request={d.request} />
      {d.stepStrings.length > 0 && (
        <p className="hint">
          Carries {plural(d.stepStrings.length, 'string')} of step{' '}
          {[...new Set(d.stepStrings.map((s) => s.stepId))].join(', ')} (
          {[...new Set(d.stepStrings.map((s) => s.languageId))].join(', ')}).
        </p>
      )}
    </>
  );
}

/** When the next attempt goes, and why there is one: the emulator's retry schedule. */
function RetryNote({ delivery, settings }: { delivery: Detail; settings: AppsSettings | undefined }) {
  if (!settings) return null;
  const rule = delivery.faults.find((f) => f.fault === 'retrySchedule')?.rule;
  // A fault rule's schedule (POST /__faults) replaced the emulator's for this delivery.
  const schedule = rule ? `fault rule ${rule}'s` : `${settings.retryScheduleSeconds.join(', ')} s`;
  if (delivery.state === 'sending') {
    return (
      <p className="hint" role="status">
        {underWayText(delivery, settings)}
      </p>
    );
  }
  if (delivery.state === 'retrying') {
    return (
      <p className="hint">
        Attempt {delivery.attemptCount} failed; the next goes at{' '}
        {delivery.nextAttemptAt ? clock(delivery.nextAttemptAt) : 'once the schedule allows'}. The retry
        schedule (Crowdin publishes none; the emulator's unless a fault rule gives one): {schedule}, then the
        strings become FAILED.
      </p>
    );
  }
  if (delivery.state === 'failed' && delivery.kind === 'webhook') {
    return (
      <p className="hint">
        No 2xx after {plural(delivery.attemptCount, 'attempt')} (the schedule: {schedule}): its step strings
        are FAILED. Re-trigger them from the step, or Redeliver.
      </p>
    );
  }
  return null;
}

function Actions({ origin, delivery }: { origin: string; delivery: Detail }) {
  const { selectDelivery } = useAppsUiActions();
  const queryClient = useQueryClient();
  const redeliver = useMutation({
    mutationFn: () => callApps(origin, APPS_ROUTES.redeliver, { params: [delivery.id], body: {} }),
    onSuccess: (copy) => {
      announce(`Redelivered as #${copy.id}.`);
      selectDelivery(copy.id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.appsDeliveries(origin) }),
  });
  const [fixtureError, setFixtureError] = useState<string | null>(null);
  const saveFixture = async () => {
    try {
      const fixture = await queryClient.fetchQuery(fixtureQuery(origin, delivery.id));
      download(`delivery-${delivery.id}.json`, `${JSON.stringify(fixture, null, 2)}\n`, 'application/json');
      setFixtureError(null);
    } catch (e) {
      setFixtureError(failureMessage(e));
    }
  };
  const curl = useMemo(() => curlCommand(delivery.request), [delivery.request]);
  const large = largeCopyNote(curl);
  return (
    <div className="apps-actions">
      <button type="button" onClick={() => redeliver.mutate()} disabled={redeliver.isPending}>
        Redeliver
      </button>
      <CopyButton text={curl} label="Copy as curl" what="The curl command" />
      <button type="button" onClick={() => void saveFixture()}>
        Download fixture
      </button>
      {large && <p className="hint apps-copy-note">{large}</p>}
      {redeliver.isError && <Failure error={redeliver.error} />}
      {fixtureError && (
        <p role="alert" className="notice notice-error">
          {fixtureError}
        </p>
      )}
    </div>
  );
}

/**
 * One check per request and secret, kept while the request object lives (TanStack keeps it the same object
 * while the delivery is unchanged), so `use` finds the same promise when the panel renders again.
 */
const checks = new WeakMap<Fixture, Map<string | null, Promise<SignatureCheck>>>();
function signatureCheck(request: Fixture, secret: string | null): Promise<SignatureCheck> {
  let bySecret = checks.get(request);
  if (!bySecret) checks.set(request, (bySecret = new Map()));
  let check = bySecret.get(secret);
  if (!check) bySecret.set(secret, (check = checkSignature(request, secret)));
  return check;
}

function SignaturePanel({ request, secret }: { request: Fixture; secret: string | null }) {
  // Web Crypto is asynchronous: `use` waits for the check.
  const check = use(signatureCheck(request, secret));
  const [language, setLanguage] = useState<SnippetLanguage>('javascript');
  return (
    <div className="apps-signature" data-testid="signature-check">
      <SignatureVerdict check={check} />
      {check.kind === 'checked' && (
        <dl className="apps-facts apps-hashes">
          <dt>X-Crowdin-Signature (sent)</dt>
          <dd>
            <code className="apps-break" data-testid="signature-sent">
              {check.sent}
            </code>
          </dd>
          <dt>HMAC-SHA256 of the body with the app secret (recomputed here)</dt>
          <dd>
            <code className="apps-break" data-testid="signature-computed">
              {check.computed}
            </code>
          </dd>
        </dl>
      )}
      {check.kind !== 'unsigned' && (
        <details className="apps-snippets">
          <summary>Verify it in your app</summary>
          <Tabs
            label="Verifier language"
            tabs={(Object.keys(SNIPPET_LABELS) as SnippetLanguage[]).map((l) => ({
              id: l,
              label: SNIPPET_LABELS[l],
            }))}
            selected={language}
            onSelect={setLanguage}
          >
            <pre
              className="apps-pre"
              data-testid="verifier-snippet"
              tabIndex={0}
              aria-label={`${SNIPPET_LABELS[language]} verifier`}
            >
              {VERIFIER_SNIPPETS[language]}
            </pre>
            <CopyButton
              text={VERIFIER_SNIPPETS[language]}
              label="Copy"
              what={`The ${SNIPPET_LABELS[language]} verifier`}
            />
          </Tabs>
        </details>
      )}
    </div>
  );
}

function SignatureVerdict({ check }: { check: SignatureCheck }) {
  switch (check.kind) {
    case 'unsigned':
      return <p className="hint">Not signed: the service signs webhook deliveries only.</p>;
    case 'no-secret':
      return (
        <p className="notice notice-warning">
          Signed, but the app is no longer installed, so its secret is not at hand to check it.
        </p>
      );
    case 'checked':
      return check.valid ? (
        <p className="apps-verdict apps-ok" data-testid="signature-verdict" data-valid="true">
          <span aria-hidden="true">✓ </span>Signature valid: the header is the HMAC of these bytes.
        </p>
      ) : (
        <p className="apps-verdict apps-bad" data-testid="signature-verdict" data-valid="false">
          <span aria-hidden="true">✗ </span>Signature does not match the body with the app's current secret.
        </p>
      );
  }
}

function Attempts({ delivery }: { delivery: Detail }) {
  if (delivery.attempts.length === 0) return <p className="hint">Not sent yet.</p>;
  return (
    <div className="apps-scroll">
      <table className="apps-table apps-attempts">
        <caption className="visually-hidden">Attempts of delivery #{delivery.id}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">At</th>
            <th scope="col">Took</th>
            <th scope="col">Answer</th>
          </tr>
        </thead>
        <tbody>
          {delivery.attempts.map((a) => (
            <tr key={a.n} data-testid="attempt">
              <td>{a.n}</td>
              <td>
                <time dateTime={a.startedAt}>{clock(a.startedAt)}</time>
              </td>
              <td>{a.durationMs} ms</td>
              <td>
                <span className={a.ok ? 'apps-ok' : 'apps-bad'}>{a.status ?? 'none'}</span>
                {a.error && <span> {a.error}</span>}
                {a.location && (
                  <span>
                    {' '}
                    → <code>{a.location}</code> (not followed)
                  </span>
                )}
                {a.answerStart && (
                  <pre className="apps-pre apps-answer-start">
                    {a.answerStart}
                    {a.answerTruncated || a.answerBytes > a.answerStart.length ? '\n…' : ''}
                  </pre>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The headers and the body as sent; the body indented when it is JSON (the bytes are the fixture's). Drawn
 * only once opened, and a large one only in part until "Show all" (ui-walk D11: 1.5 MB at once froze the
 * page).
 */
function RequestPanel({ request }: { request: Fixture }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="apps-request" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Request headers and body</summary>
      {open && <RequestContent request={request} />}
    </details>
  );
}

function RequestContent({ request }: { request: Fixture }) {
  const [all, setAll] = useState(false);
  const pretty = useMemo(() => prettyBody(request.body), [request.body]);
  const { shown, hiddenChars } = bodyPreview(pretty, all);
  return (
    <>
      <dl className="apps-facts apps-headers">
        {Object.entries(request.headers).map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>
              <code className="apps-break">{value}</code>
            </dd>
          </div>
        ))}
      </dl>
      <pre className="apps-pre apps-body" tabIndex={0} aria-label="Request body" data-testid="request-body">
        {shown}
      </pre>
      {hiddenChars > 0 && (
        <p className="hint" data-testid="body-cut">
          The first {plural(shown.length, 'character')} of {plural(pretty.length, 'character')} (
          {bytes(new TextEncoder().encode(request.body).length)} as sent).{' '}
          <button type="button" onClick={() => setAll(true)}>
            Show all
          </button>
        </p>
      )}
    </>
  );
}
