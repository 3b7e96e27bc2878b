// The results area of a run: status and errors, the toolbar (more rows, fetch all, columns, export,
// inspector), the views of the rows (tabs; the table first), the panels under them, and a side panel (a
// row's details, or the inspector). The views and panels come from the shell (`slots`, see
// src/slots/results.ts). Rows on screen survive a failed run and are marked stale once the query or target
// changes.
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../connection/api.ts';
import { TabList, tabId } from '../ui/TabList.tsx';
import { download } from '../ui/download.ts';
import { CSV_TYPE, exportFileName, toCsv, toJson } from '../rows/export.ts';
import { useInspectorStore } from '../rows/requests.ts';
import { croqlParam, type ListingPage } from '../rows/pages.ts';
import { runQueryOptions } from './run-query.ts';
import { COLUMNS } from '../rows/fields.ts';
import { RunPrompt } from './RunPrompt.tsx';
import { useCurrentRun } from '../workspace/run.ts';
import { sortOrder } from './sort.ts';
import { useTableOrder, useTableFilterActions } from './table-filter.ts';
import { useTableStore } from './table-store.ts';
import { useDisplayNames } from '../rows/display-names.ts';
import { useSourceStrings } from '../rows/sources.ts';
import { FETCH_ALL_LIMIT } from '../rows/limits.ts';
import { number, runStatus } from './run-status.ts';
import { RunNotices } from './RunNotices.tsx';
import { ResultsToolbar } from './ResultsToolbar.tsx';
import { useStale } from './use-stale.ts';
import { useFetchAll } from './use-fetch-all.ts';
import type { ResultSlots } from '../slots/results.ts';
import { WaitingNotice } from './WaitingNotice.tsx';
import { LISTINGS, listingPath } from '../wire/listings.ts';
import './results.css';

const DetailsPanel = lazy(() => import('./DetailsPanel.tsx'));
const Inspector = lazy(() => import('./Inspector.tsx'));

/** Before the first run: nothing to find sources for. */
const NO_RUN = { context: 'strings', text: '', target: { projectId: null, languageId: null } };

type Panel = { kind: 'details' } | { kind: 'inspector' } | null;

export function ResultsPanel(props: { client: ApiClient | null; onRun: () => void; slots: ResultSlots }) {
  const { client, onRun, slots } = props;
  const views = slots.views;
  const run = useCurrentRun();
  const target = run ? listingPath(run.context, run.target) : null;
  const path = target?.ok ? target.path : null;
  const croql = run ? croqlParam(run.text) : undefined;
  const options = runQueryOptions(client, run);
  const query = useInfiniteQuery(options);
  const queryClient = useQueryClient();
  const fetchAll = useFetchAll(
    client,
    run?.context ?? 'strings',
    path,
    croql,
    path ? options.queryKey : null,
  );
  const projectNames = useDisplayNames(
    client,
    { projectId: run?.target.projectId ?? null, tmId: run?.target.tmId ?? null },
    run?.context ?? 'strings',
  );
  const stale = useStale(run);
  const requestCount = useInspectorStore((s) => s.requests.length);
  const sort = useTableStore((s) => s.sort);
  const [viewId, setViewId] = useState(views[0]!.id);
  const [panel, setPanel] = useState<Panel>(null);
  /** Export CSV writes files, branches, labels and users by name (issue #22, item 5). */
  const [namesInCsv, setNamesInCsv] = useState(false);
  const ids = { views: useId(), viewPanel: useId() };

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
  // A translation reads beside its source string: the strings of the loaded pages, a request or so a page.
  const sources = useSourceStrings(client, run ?? NO_RUN, rows);
  const names = useMemo(
    () => (sources.strings ? { ...projectNames, strings: sources.strings } : projectNames),
    [projectNames, sources.strings],
  );
  const lastPage = pages?.at(-1);
  const moreAvailable = showingCurrent && !!lastPage?.full && rows.length < FETCH_ALL_LIMIT;
  // TanStack Query holds a run while the browser is offline (fetchStatus 'paused') and sends it once the
  // browser is back online: that is waiting for the network, not a cancel.
  const offline = query.fetchStatus === 'paused';
  // Cancel (below) puts a run's first page back where it was before it was asked for: nothing loaded.
  const cancelled = !!client && !!path && !query.isFetching && !offline && !query.isError && !successPages;

  const sortColumn = sort ? COLUMNS[rowsContext].find((c) => c.key === sort.key) : undefined;
  const sorted = useMemo(
    () => (sort && sortColumn ? sortOrder(rows, sortColumn, sort.direction, names) : null),
    [rows, sort, sortColumn, names],
  );
  // A view beside the table may filter the table's rows (what the query cannot say): the order keeps those.
  const tableFilter = useTableOrder(run?.nonce, rows, sorted);
  const order = tableFilter.order;
  const { set: setTableFilter, clear: clearTableFilter } = useTableFilterActions();

  const [selection, setSelection] = useState<{ nonce: number; index: number } | null>(null);
  const selected =
    selection && run && selection.nonce === run.nonce && selection.index < rows.length
      ? selection.index
      : null;
  const select = (index: number) => run && setSelection({ nonce: run.nonce, index });
  const position = selected === null ? -1 : order ? order.indexOf(selected) : selected;
  const step = (delta: number) => {
    const next = position + delta;
    if (next >= 0 && next < rows.length) select(order ? order[next]! : next);
  };

  const running = query.isFetching && !query.isFetchingNextPage && !fetchAll.progress.running;
  const error = query.isError ? query.error : null;
  const status = run
    ? runStatus({ error, running, offline, cancelled, showingCurrent, rows: rows.length, moreAvailable })
    : '';

  if (!run) {
    return (
      <section className="results-panel" aria-label="Results">
        <RunPrompt />
      </section>
    );
  }

  const exportRows = (kind: 'csv' | 'json') => {
    const name = exportFileName(LISTINGS[rowsContext].fileName, kind);
    if (kind === 'csv')
      download(name, toCsv(rows, namesInCsv ? names : undefined, names.languageOrder), CSV_TYPE);
    else download(name, toJson(rows), 'application/json');
  };
  const view = views.find((v) => v.id === viewId) ?? views[0]!;
  const View = view.component;
  const Empty = slots.empty;
  const detailsRow = panel?.kind === 'details' && selected !== null ? rows[selected] : undefined;
  // A request that gets no answer: Retry aborts it (TanStack Query's signal, or Fetch all's) and asks again
  // for the same page; Cancel aborts it and keeps the rows loaded so far.
  const cancelRun = () => queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
  const retryWaiting = () => {
    if (fetchAll.progress.running) return fetchAll.start();
    const nextPage = query.isFetchingNextPage;
    void cancelRun().then(() => (nextPage ? query.fetchNextPage() : query.refetch()));
  };
  const cancelWaiting = () => (fetchAll.progress.running ? fetchAll.cancel() : void cancelRun());
  const closePanel = () => {
    setPanel(null);
    document.querySelector<HTMLElement>('[data-testid="results-table"]')?.focus();
  };

  return (
    <section
      className={`results-panel${stale ? ' is-stale' : ''}`}
      aria-label="Results"
      aria-busy={query.isFetching}
    >
      {!client && <p className="results-message">Sign in to run queries. Your query is kept.</p>}
      {target && !target.ok && <p className="results-message">{target.missing}</p>}
      <RunNotices
        stale={stale}
        loaded={!!pages}
        rows={rows.length}
        error={error}
        fetching={query.isFetching}
        offline={offline}
        cancelled={cancelled}
        fetchAllError={fetchAll.progress.error}
        onRunAgain={onRun}
        onRetry={() => void query.refetch()}
        onCancel={() => void cancelRun()}
      />
      <WaitingNotice
        running={query.isFetching || fetchAll.progress.running}
        onRetry={retryWaiting}
        onCancel={cancelWaiting}
      />
      <ResultsToolbar
        count={{
          loaded: !!pages,
          rows: rows.length,
          fetching: query.isFetching,
          moreAvailable,
          firstPageMs: showingCurrent ? (pages?.[0]?.elapsedMs ?? null) : null,
          fetchAllMs: fetchAll.progress.running ? null : fetchAll.progress.elapsedMs,
          runningNew: query.isPlaceholderData && query.isFetching,
        }}
        loadingMore={query.isFetchingNextPage}
        fetchAll={fetchAll.progress}
        table={view.id === 'table'}
        context={rowsContext}
        namesInCsv={namesInCsv}
        inspectorOpen={panel?.kind === 'inspector'}
        requestCount={requestCount}
        onLoadMore={() => void query.fetchNextPage()}
        onFetchAll={fetchAll.start}
        onCancelFetchAll={fetchAll.cancel}
        onNamesInCsv={setNamesInCsv}
        onExport={exportRows}
        onInspector={() => setPanel(panel?.kind === 'inspector' ? null : { kind: 'inspector' })}
      />

      <div className={`results-body${panel ? ' with-panel' : ''}`}>
        <div className="results-main">
          {views.length > 1 && pages && rows.length > 0 && (
            <TabList
              label="Results view"
              tabs={views}
              selected={view.id}
              onSelect={setViewId}
              prefix={ids.views}
              panelId={ids.viewPanel}
            />
          )}
          {tableFilter.filter && view.id === 'table' && (
            <p className="notice" role="note" data-testid="table-filter">
              <span>
                The table shows {number(tableFilter.order!.length)} of the loaded rows:{' '}
                <strong>{tableFilter.filter.label}</strong>, filtered here, not by the query (
                {tableFilter.filter.reason})
              </span>{' '}
              <button type="button" onClick={clearTableFilter}>
                Show all rows
              </button>
            </p>
          )}
          {showingCurrent && rows.length === 0 ? (
            client && path && Empty ? (
              <Suspense fallback={<p className="results-empty">No rows match this query.</p>}>
                <Empty client={client} path={path} run={run} />
              </Suspense>
            ) : (
              <p className="results-empty">No rows match this query.</p>
            )
          ) : pages && rows.length > 0 ? (
            <div
              id={ids.viewPanel}
              className="results-view"
              {...(views.length > 1
                ? { role: 'tabpanel', 'aria-labelledby': tabId(ids.views, view.id) }
                : {})}
            >
              <Suspense fallback={<p className="results-muted">Loading the view…</p>}>
                <View
                  run={run}
                  client={client}
                  context={rowsContext}
                  rows={rows}
                  names={names}
                  order={order}
                  selected={selected}
                  onSelect={select}
                  onOpen={(index) => {
                    select(index);
                    setPanel({ kind: 'details' });
                  }}
                  onEscape={() => panel && setPanel(null)}
                  current={showingCurrent}
                  moreAvailable={moreAvailable}
                  fetchAll={{ running: fetchAll.progress.running, start: fetchAll.start }}
                  showView={setViewId}
                  filterTable={(filter) => setTableFilter({ ...filter, nonce: run.nonce })}
                />
              </Suspense>
            </div>
          ) : null}
          {showingCurrent &&
            client &&
            path &&
            slots.underRows.map((Part, i) => (
              <Suspense key={i} fallback={null}>
                <Part client={client} path={path} run={run} />
              </Suspense>
            ))}
        </div>
        {panel && (
          <Suspense fallback={<aside className="side-panel" aria-busy="true" aria-label="Loading" />}>
            {panel.kind === 'inspector' ? (
              <Inspector onClose={closePanel} />
            ) : detailsRow ? (
              <DetailsPanel
                row={detailsRow}
                context={rowsContext}
                position={position + 1}
                count={rows.length}
                names={names}
                languageId={run?.target.languageId ?? null}
                onPrevious={() => step(-1)}
                onNext={() => step(1)}
                onClose={closePanel}
              />
            ) : null}
          </Suspense>
        )}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="results-announcer">
        {status}
      </div>
    </section>
  );
}
