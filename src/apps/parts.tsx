// Small pieces the Apps view repeats: a copy button, a secret shown on demand, problems at their JSON
// pointers, a request's failure.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { announce } from '../ui/announce.ts';
import { CodeText } from '../ui/CodeText.tsx';
import type { AppProblem, AttemptInfo, ManifestProblem } from '../wire/apps.ts';
import { ControlRequestError, failureMessage } from './client.ts';
import { overviewQuery } from './queries.ts';
import { useAppsUiActions } from './store.ts';

/** Copies `text`; says so, or says that the browser refused (the text is then shown to select by hand). */
export function CopyButton(props: { text: string; label: string; what: string; className?: string }) {
  const [refused, setRefused] = useState(false);
  return (
    <>
      <button
        type="button"
        className={props.className}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(props.text);
            setRefused(false);
            announce(`${props.what} copied.`);
          } catch {
            setRefused(true);
          }
        }}
      >
        {props.label}
      </button>
      {refused && (
        <span className="apps-copy-refused" role="alert">
          The browser did not allow copying; select it here:
          <textarea readOnly value={props.text} aria-label={props.what} rows={4} />
        </span>
      )}
    </>
  );
}

/** A secret, hidden until asked for; copying does not need it shown. */
export function Secret({ value, label }: { value: string; label: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="apps-secret">
      <code aria-label={shown ? undefined : `${label} (hidden)`}>{shown ? value : '•'.repeat(12)}</code>
      <button type="button" className="button-ghost" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
        {shown ? 'Hide' : 'Show'}
        <span className="visually-hidden"> {label}</span>
      </button>
      <CopyButton text={value} label="Copy" what={label} className="button-ghost" />
    </span>
  );
}

/** A JSON pointer as the manifest problem's place; `""` is the whole manifest. */
export function Pointer({ pointer }: { pointer: string }) {
  return <code className="apps-pointer">{pointer === '' ? '(the whole manifest)' : pointer}</code>;
}

/** Manifest problems, errors first, each at its pointer with its rule. */
export function ManifestProblems({
  problems,
  title,
}: {
  problems: readonly ManifestProblem[];
  title: string;
}) {
  if (problems.length === 0) return null;
  const sorted = [...problems].sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1,
  );
  return (
    <div className="apps-problems">
      <h4>{title}</h4>
      <ul>
        {sorted.map((p, i) => (
          <li key={i} className={`apps-problem apps-${p.severity}`} data-testid="manifest-problem">
            <span className="apps-severity">{p.severity}</span> <Pointer pointer={p.pointer} />{' '}
            <span className="apps-problem-text">
              <CodeText text={p.message} />
            </span>{' '}
            <span className="apps-rule">({p.rule})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Problems of an installed app (a failed delivery, strings nobody received), newest first as kept. */
export function AppProblems(props: {
  problems: readonly AppProblem[];
  onShowDelivery: (id: number) => void;
}) {
  if (props.problems.length === 0) return null;
  return (
    <ul className="apps-problems-list">
      {props.problems.map((p, i) => (
        <li key={i} className={`apps-problem apps-${p.severity}`}>
          <span className="apps-severity">{p.severity}</span> <time dateTime={p.at}>{clock(p.at)}</time>{' '}
          <CodeText text={p.message} />
          {p.deliveryId !== undefined && (
            <>
              {' '}
              <button
                type="button"
                className="link-button"
                onClick={() => props.onShowDelivery(p.deliveryId!)}
              >
                delivery #{p.deliveryId}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The app's answer to a call the emulator made: status (or why none), the start of its body. */
export function AnswerOf({ answer }: { answer: AttemptInfo }) {
  return (
    <div className="apps-answer">
      <span>
        The app answered{' '}
        {answer.status === null ? <strong>nothing</strong> : <strong>{answer.status}</strong>}
        {answer.error ? ` (${answer.error})` : ''} after {answer.durationMs} ms.
      </span>
      {answer.answerStart && <pre className="apps-pre">{answer.answerStart}</pre>}
    </div>
  );
}

/**
 * A failed request: the emulator's message, and whatever it attached (problems, the app's answer); a
 * failed read offers Retry (what was shown before stays on screen meanwhile).
 */
export function Failure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const problems = error instanceof ControlRequestError ? error.problems : [];
  const answer = error instanceof ControlRequestError ? error.answer : null;
  const deliveryId = error instanceof ControlRequestError ? error.deliveryId : null;
  return (
    <div role="alert" className="notice notice-error apps-failure">
      <p>
        <CodeText text={failureMessage(error)} />{' '}
        {onRetry && (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        )}
        {deliveryId !== null && <ShowDelivery id={deliveryId} />}
      </p>
      <ManifestProblems problems={problems} title="Problems in the manifest" />
      {answer && <AnswerOf answer={answer} />}
    </div>
  );
}

/**
 * Whether a panel's failed read goes without saying: the emulator does not answer, the top of the view
 * says so already (the overview failed the same way), and the panel still shows what it read before.
 * Otherwise each step, the log and the settings page would repeat the same box.
 */
export function saidAtTop(error: unknown, hasData: boolean, overviewError: unknown): boolean {
  const unreachable = (e: unknown) => e instanceof ControlRequestError && e.code === 'unreachable';
  return hasData && unreachable(error) && unreachable(overviewError);
}

/**
 * A panel's failed read (with Retry), unless the top of the view says it already (saidAtTop); nothing while
 * the read has not failed.
 */
export function ReadFailure(props: {
  origin: string;
  read: Pick<UseQueryResult, 'isError' | 'error' | 'data' | 'refetch'>;
}) {
  const { read } = props;
  const overview = useQuery(overviewQuery(props.origin));
  if (!read.isError || saidAtTop(read.error, read.data !== undefined, overview.error)) return null;
  return <Failure error={read.error} onRetry={() => void read.refetch()} />;
}

/** A time of day, to the second: the log is about the last minutes. */
export function clock(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour12: false });
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** Opens a delivery of the log. */
function ShowDelivery({ id }: { id: number }) {
  const { selectDelivery } = useAppsUiActions();
  return (
    <button type="button" className="link-button" onClick={() => selectDelivery(id)}>
      Show delivery #{id}
    </button>
  );
}
