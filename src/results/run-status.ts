// What the results say about a run in words: its error, whether a failure is worth a Retry, the line a
// screen reader hears, and the count in the toolbar. Pure, so each can be read and tested without a run.
import { ApiError } from '../connection/api.ts';

export const number = (n: number) => n.toLocaleString('en-US');
const rowsWord = (n: number) => `${number(n)} row${n === 1 ? '' : 's'}`;

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return `Something went wrong: ${error.message}. Run the query again.`;
  return 'Something went wrong. Run the query again.';
}

/** A failure that may pass by itself (network, offline, server, rate limit, a garbled answer): offered a Retry. */
export const retryable = (error: unknown) =>
  !(error instanceof ApiError) ||
  ['network', 'offline', 'server', 'rateLimited', 'malformed'].includes(error.kind);

/** Where a run stands, as the results read it from its query and Fetch all. */
export interface RunState {
  error: unknown;
  /** The first page (or a refetch) is on its way. */
  running: boolean;
  offline: boolean;
  cancelled: boolean;
  /** The rows on screen are this run's. */
  showingCurrent: boolean;
  rows: number;
  moreAvailable: boolean;
}

/** The line announced to a screen reader; empty while there is nothing new to say. */
export function runStatus(state: RunState): string {
  if (state.error != null) return errorMessage(state.error);
  if (state.running) return 'Running…';
  if (state.offline) return 'Offline: waiting for the network.';
  if (state.cancelled) return 'Cancelled.';
  if (!state.showingCurrent) return '';
  if (state.rows === 0) return 'No rows match.';
  return `${rowsWord(state.rows)} loaded${state.moreAvailable ? ', more available' : ''}.`;
}

export interface CountState {
  /** Rows are on screen (this run's or the previous one's), `rows` of them. */
  loaded: boolean;
  rows: number;
  fetching: boolean;
  moreAvailable: boolean;
  /** The first page's time, when the rows on screen are this run's. */
  firstPageMs: number | null;
  /** Fetch all's time, once it has ended. */
  fetchAllMs: number | null;
  /** The rows on screen are the previous query's while the new one runs. */
  runningNew: boolean;
}

/** The toolbar's count: how many rows, whether there are more, and how long they took. */
export function countLabel(s: CountState): string {
  return [
    s.loaded ? `${rowsWord(s.rows)} loaded` : s.fetching ? 'Running…' : '',
    s.moreAvailable ? ' · more available' : '',
    s.firstPageMs !== null ? ` · first page ${number(s.firstPageMs)} ms` : '',
    s.fetchAllMs !== null ? ` · fetch all ${number(s.fetchAllMs)} ms` : '',
    s.runningNew ? ' · running the new query…' : '',
  ].join('');
}
