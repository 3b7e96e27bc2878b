import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../connection/api.ts';
import { useQueryStore } from '../query/store.ts';
import { download } from './download.ts';
import { EmptyExplanation } from './EmptyExplanation.tsx';
import { exportFileName, toCsv, toJson } from './export.ts';
import { Inspector } from './Inspector.tsx';
import { croqlParam, fetchListingPage, runQueryKey, type ListingPage } from './listing-query.ts';
import { ResultsTable } from './ResultsTable.tsx';
import { useCurrentRun, useRunActions } from './run-store.ts';
import { toServerDiagnostics } from './server-diagnostics.ts';
import { useDisplayNames } from './use-display-names.ts';
import { MAX_ROWS, useFetchAll } from './use-fetch-all.ts';
import './results.css';
import { RunPrompt } from './RunPrompt.tsx';
import { LISTINGS, listingPath } from '../wire/listings.ts';

const number = (n: number) => n.toLocaleString('en-US');

function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return `Something went wrong: ${error.message}. Run the query again.`;
  return 'Something went wrong. Run the query again.';
}

export function ResultsPanel(props: { client: ApiClient | null }) {
  const { client } = props;
  const run = useCurrentRun();
  const { setServerDiagnostics } = useRunActions();
  const target = run ? listingPath(run.context, run.target) : null;
  const path = target?.ok ? target.path : null;
  const croql = run ? croqlParam(run.text) : undefined;
  const enabled = !!client && !!run && !!path;
  const queryKey = enabled ? runQueryKey(client, path, run.text, run.nonce) : null;

  const query = useInfiniteQuery({
    queryKey: queryKey ?? ['run', 'idle'],
    queryFn: ({ pageParam, signal }) =>
      fetchListingPage(client!, run!.context, path!, croql, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ListingPage) => (last.full ? last.offset + last.rows.length : undefined),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    // Every run has its own key (nonce); an old run's rows (up to 100,000) need not stay cached for long.
    gcTime: 30_000,
  });
  const fetchAll = useFetchAll(client, run?.context ?? 'strings', path, croql, queryKey);
  const names = useDisplayNames(client, run?.target.projectId ?? null);

  // The rows on screen survive errors: a failed run keeps showing the last rows that loaded.
  const [lastGood, setLastGood] = useState<{ nonce: number; pages: ListingPage[] } | null>(null);
  const successPages = query.isSuccess && !query.isPlaceholderData ? query.data.pages : null;
  if (successPages && run && (lastGood?.nonce !== run.nonce || lastGood.pages !== successPages)) {
    setLastGood({ nonce: run.nonce, pages: successPages });
  }
  const pages = query.data?.pages ?? lastGood?.pages ?? null;
  const showingCurrent = !!successPages;
  const rows = useMemo(() => (pages ? pages.flatMap((p) => p.rows) : []), [pages]);
  const rowsContext = pages?.[0]?.context ?? run?.context ?? 'strings';
  const lastPage = pages?.at(-1);
  const moreAvailable = showingCurrent && !!lastPage?.full && rows.length < MAX_ROWS;

  // A croql 400 goes to the editor, at its range, if the text is still the one that ran.
  const error = query.error;
  useEffect(() => {
    if (!run || !(error instanceof ApiError) || error.kind !== 'croql') return;
    if (useQueryStore.getState().text !== run.text) return;
    setServerDiagnostics(toServerDiagnostics(error.croqlErrors ?? [], run.text));
  }, [error, run, setServerDiagnostics]);

  const [selection, setSelection] = useState<{ nonce: number; index: number } | null>(null);
  const selected =
    selection && run && selection.nonce === run.nonce && selection.index < rows.length
      ? selection.index
      : null;

  const status = useMemo(() => {
    if (!run) return '';
    if (query.isError) return errorMessage(query.error);
    if (query.isFetching && !query.isFetchingNextPage && !fetchAll.progress.running) return 'Running…';
    if (!showingCurrent) return '';
    if (rows.length === 0) return 'No rows match.';
    return `${number(rows.length)} row${rows.length === 1 ? '' : 's'} loaded${moreAvailable ? ', more available' : ''}.`;
  }, [
    run,
    query.isError,
    query.error,
    query.isFetching,
    query.isFetchingNextPage,
    fetchAll.progress.running,
    showingCurrent,
    rows.length,
    moreAvailable,
  ]);

  if (!run) {
    return (
      <section className="results-panel" aria-label="Results">
        <RunPrompt />
        <Inspector />
      </section>
    );
  }

  const firstElapsed = pages?.[0]?.elapsedMs;
  const exportRows = (kind: 'csv' | 'json') => {
    const name = exportFileName(LISTINGS[rowsContext].fileName, kind);
    if (kind === 'csv') download(name, toCsv(rows), 'text/csv;charset=utf-8');
    else download(name, toJson(rows), 'application/json');
  };

  return (
    <section className="results-panel" aria-label="Results" aria-busy={query.isFetching}>
      {!client && <p className="results-message">Sign in to run queries. Your query is kept.</p>}
      {target && !target.ok && <p className="results-message">{target.missing}</p>}
      {query.isError && (
        <div className="results-error" role="alert" data-testid="results-error">
          {errorMessage(query.error)}
          {pages && pages.length > 0 && (
            <div className="results-muted">The rows below are from the last run that worked.</div>
          )}
        </div>
      )}
      {fetchAll.progress.error != null && (
        <div className="results-error" role="alert">
          Fetch all stopped: {errorMessage(fetchAll.progress.error)} The rows loaded so far are kept.
        </div>
      )}

      <div className="results-toolbar">
        <span className="results-count" data-testid="results-count">
          {pages
            ? `${number(rows.length)} row${rows.length === 1 ? '' : 's'} loaded`
            : query.isFetching
              ? 'Running…'
              : ''}
          {moreAvailable ? ' · more available' : ''}
          {showingCurrent && firstElapsed !== undefined ? ` · first page ${number(firstElapsed)} ms` : ''}
          {fetchAll.progress.elapsedMs !== null && !fetchAll.progress.running
            ? ` · fetch all ${number(fetchAll.progress.elapsedMs)} ms`
            : ''}
          {query.isPlaceholderData ? ' · running the new query…' : ''}
        </span>
        {moreAvailable && !fetchAll.progress.running && (
          <>
            <button
              type="button"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Load 500 more'}
            </button>
            <button type="button" onClick={fetchAll.start} disabled={query.isFetchingNextPage}>
              Fetch all
            </button>
          </>
        )}
        {fetchAll.progress.running && (
          <span className="results-progress">
            <progress aria-label="Fetch all progress" data-testid="fetch-all-progress" />
            <span>{number(fetchAll.progress.loaded)} rows…</span>
            <button type="button" onClick={fetchAll.cancel}>
              Cancel
            </button>
          </span>
        )}
        <span className="results-spacer" />
        <button type="button" onClick={() => exportRows('csv')} disabled={rows.length === 0}>
          Export CSV
        </button>
        <button type="button" onClick={() => exportRows('json')} disabled={rows.length === 0}>
          Export JSON
        </button>
      </div>
      {fetchAll.progress.stoppedAtCap && (
        <p className="results-muted">
          Stopped at {number(MAX_ROWS)} rows, the most the table holds. Narrow the query to see the rest.
        </p>
      )}

      {showingCurrent && rows.length === 0 && client && path ? (
        <EmptyExplanation client={client} path={path} run={run} />
      ) : pages && rows.length > 0 ? (
        <ResultsTable
          context={rowsContext}
          rows={rows}
          selected={selected}
          onSelect={(index) => setSelection({ nonce: run.nonce, index })}
          names={names}
        />
      ) : null}

      {selected !== null && rows[selected] && (
        <details className="results-detail" open data-testid="row-detail">
          <summary>Row {number(selected + 1)}: raw JSON</summary>
          <pre className="results-json">{JSON.stringify(rows[selected], null, 2)}</pre>
        </details>
      )}
      <Inspector />
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="results-announcer">
        {status}
      </div>
    </section>
  );
}
