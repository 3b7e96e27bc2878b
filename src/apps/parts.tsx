// Small pieces the Apps view repeats: a copy button, a secret shown on demand, problems at their JSON
// pointers, a request's failure.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { announce } from '../ui/announce.ts';
import { CodeText } from '../ui/CodeText.tsx';
import type { AppProblem, AttemptInfo, ManifestProblem } from '../wire/apps.ts';
import { placeJoin, problemPlace } from '../wire/manifest-words.ts';
import { ControlRequestError, failureMessage } from './client.ts';
import { clock } from './format.ts';
import { emulatorGone, overviewQuery } from './queries.ts';
import { useAppsUiActions } from './store.ts';

/**
 * Copies `text`; the button then reads "Copied" (until the text changes), as Copy link does, or says that
 * the browser refused (the text is then shown to select by hand). `what` names what is copied, for screen
 * readers after the visible label ("Copy" alone would name three buttons the same).
 */
export function CopyButton(props: {
  text: string;
  label: string;
  what: string;
  className?: string;
  /** Read as part of the name after the label ("Copy" + " the client id of X"); none when the label says it. */
  named?: boolean;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const done = copied === props.text;
  return (
    <>
      <button
        type="button"
        className={props.className}
        data-copied={done || undefined}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(props.text);
            setRefused(false);
            setCopied(props.text);
            announce(`${props.what} copied.`);
          } catch {
            setCopied(null);
            setRefused(true);
          }
        }}
      >
        {done ? `✓ Copied` : props.label}
        {props.named && <span className="visually-hidden"> {props.what}</span>}
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

/**
 * An action asked about first: the question opens in sight with focus on its first button; Escape or
 * Cancel closes it and gives focus back to the button that opened it.
 */
export function Confirm(props: {
  opener: string;
  question: ReactNode;
  label: string;
  confirm: string;
  onConfirm: () => void;
  pending?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) {
      first.current?.focus();
      first.current?.scrollIntoView?.({ block: 'nearest' });
    } else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking) {
    return (
      <button ref={opener} type="button" onClick={() => setAsking(true)}>
        {props.opener}
      </button>
    );
  }
  return (
    <span
      role="group"
      aria-label={props.label}
      className="apps-confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          setAsking(false);
        }
      }}
    >
      {props.question}
      <button
        ref={first}
        type="button"
        className="button-danger"
        onClick={props.onConfirm}
        disabled={props.pending}
      >
        {props.confirm}
      </button>
      <button type="button" className="button-ghost" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
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
      <CopyButton text={value} label="Copy" what={label} className="button-ghost" named />
    </span>
  );
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
            {/* The place once, as a reader says it; the message goes on from it (ui-walk D17). */}
            <span className="apps-severity">{p.severity}</span>{' '}
            <span className="apps-problem-text">
              <code className="apps-pointer" title={p.pointer || '/'}>
                {problemPlace(p.pointer)}
              </code>
              {placeJoin(p.inView ?? p.message)}
              <CodeText text={p.inView ?? p.message} />
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
        <CodeText text={(error instanceof ControlRequestError && error.inView) || failureMessage(error)} />{' '}
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
  return hasData && emulatorGone(error) && emulatorGone(overviewError);
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

/** Opens a delivery of the log. */
function ShowDelivery({ id }: { id: number }) {
  const { selectDelivery } = useAppsUiActions();
  return (
    <button type="button" className="link-button" onClick={() => selectDelivery(id)}>
      Show delivery #{id}
    </button>
  );
}
