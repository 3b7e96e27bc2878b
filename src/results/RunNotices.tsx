// The notices above a run's rows: out of date, offline, cancelled, failed, Fetch all stopped. Each says
// what happened to the rows on screen and offers what to do next.
import { CodeText } from '../ui/CodeText.tsx';
import { errorMessage, retryable } from './run-status.ts';

export interface RunNoticesProps {
  /** The query, listing or target changed since this run. */
  stale: boolean;
  /** Rows (or an answer with none) are on screen. */
  loaded: boolean;
  rows: number;
  error: unknown;
  /** A request of the run is under way (Retry waits for it). */
  fetching: boolean;
  offline: boolean;
  cancelled: boolean;
  fetchAllError: unknown;
  onRunAgain: () => void;
  onRetry: () => void;
  onCancel: () => void;
}

export function RunNotices(props: RunNoticesProps) {
  const { rows, error } = props;
  const failed = error != null;
  const previous = rows > 0 ? ' The rows below are from the previous run.' : '';
  return (
    <>
      {props.stale && (props.loaded || failed) && (
        <p className="notice notice-warning stale-notice" role="status" data-testid="stale-notice">
          <span>
            Out of date: the query, listing or target changed since this run.{' '}
            {failed
              ? 'The error below belongs'
              : rows > 0
                ? 'The rows below belong'
                : 'The result below belongs'}{' '}
            to the previous run.
          </span>
          <button type="button" onClick={props.onRunAgain}>
            Run again
          </button>
        </p>
      )}
      {props.offline && (
        <p className="notice notice-warning" role="status" data-testid="run-offline">
          <span>
            You are offline: the run waits for the network and starts by itself once you are back online.
            {previous} Your query is kept.
          </span>
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        </p>
      )}
      {props.cancelled && (
        <p className="notice notice-info" role="status" data-testid="run-cancelled">
          <span>
            Cancelled before an answer came.
            {previous} Retry, or change the query and run again.
          </span>
          <button type="button" onClick={props.onRetry}>
            Retry
          </button>
        </p>
      )}
      {failed && (
        <div className="results-error" role="alert" data-testid="results-error">
          <span>
            <CodeText text={errorMessage(error)} />
          </span>
          {retryable(error) && (
            <button type="button" onClick={props.onRetry} disabled={props.fetching}>
              Retry
            </button>
          )}
          {rows > 0 && <div className="results-muted">The rows below are from the last run that worked.</div>}
        </div>
      )}
      {props.fetchAllError != null && (
        <div className="results-error" role="alert">
          Fetch all stopped: {errorMessage(props.fetchAllError)} The rows loaded so far are kept.
        </div>
      )}
    </>
  );
}
