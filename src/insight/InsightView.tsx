// The Insight view: the run's rows counted by every chart of its listing, each item a drill-down, and (for
// source strings) the languages matrix. It counts the rows loaded so far and, when the run has more, has
// the results area's own fetch-all load the rest (its progress bar and Cancel stay in the toolbar).
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../connection/api.ts';
import { membersQuery, SIGNED_OUT_CLIENT } from '../connection/queries.ts';
import type { ContextName } from '../croql/index.ts';
import { useQueryActions, useQueryStore } from '../query/store.ts';
import { download } from '../results/download.ts';
import type { ListingPage } from '../results/listing-query.ts';
import type { DisplayNames } from '../results/listings.ts';
import { useRunActions, type RunRequest } from '../results/run-store.ts';
import type { FetchAllProgress } from '../results/use-fetch-all.ts';
import { announce } from '../ui/announce.ts';
import { aggregatePages, orderedItems } from './aggregate.ts';
import { ChartCard, type ChartItem } from './Chart.tsx';
import { CHARTS, NONE, type ChartSpec } from './charts.ts';
import { addClause, drillFor, type UserNames } from './drill.ts';
import { aggregateCsv, exportName } from './export.ts';
import { useInsightActions, useInsightStore } from './insight-store.ts';
import { LanguagesMatrix } from './Matrix.tsx';
import './insight.css';

export interface InsightProps {
  client: ApiClient | null;
  run: RunRequest;
  /** The listing the rows come from. */
  context: ContextName;
  pages: readonly ListingPage[] | null;
  /** The pages are this run's (not the previous run's, shown while the new one loads). */
  current: boolean;
  moreAvailable: boolean;
  fetchAll: { progress: FetchAllProgress; start: () => void };
  names: DisplayNames;
}

const number = (n: number) => n.toLocaleString('en-US');

function itemLabel(
  context: ContextName,
  spec: ChartSpec,
  key: string,
  label: string | undefined,
  names: DisplayNames,
  users: UserNames,
): string {
  if (key === NONE) return spec.none;
  const id = Number(key);
  switch (`${context}/${spec.id}`) {
    case 'strings/file':
      return names.files?.get(id) ?? `file ${key}`;
    case 'strings/branch':
      return names.branches?.get(id) ?? `branch ${key}`;
    case 'strings/label':
      return names.labels?.get(id) ?? `label ${key}`;
    case 'translations/user':
      return label ?? users.get(id) ?? `user ${key}`;
    case 'tmSegments/creator':
      return users.get(id) ?? `user ${key}`;
    default:
      return spec.label?.(key) ?? key;
  }
}

export function InsightView(props: InsightProps) {
  const { client, run, context, pages, current, moreAvailable, fetchAll, names } = props;
  const { setText } = useQueryActions();
  const { run: runQuery } = useRunActions();
  const { filterLocally, clearLocalFilter, runMatrix } = useInsightActions();
  const localFilter = useInsightStore((s) => s.localFilter);
  const matrix = useInsightStore((s) => s.matrix);

  const projectId = run.target.projectId;
  const members = useQuery({
    ...membersQuery(client ?? SIGNED_OUT_CLIENT, projectId ?? 0),
    enabled: client !== null && projectId !== null,
  }).data;
  const users: UserNames = useMemo(() => new Map((members ?? []).map((m) => [m.id, m.username])), [members]);

  // Counting follows the rows at a lower priority than typing; each page is counted once (aggregate.ts).
  const deferredPages = useDeferredValue(pages);
  const aggregate = useMemo(
    () =>
      aggregatePages(
        context,
        (deferredPages ?? []).map((p) => p.rows),
      ),
    [context, deferredPages],
  );

  // More rows than loaded: load the rest once per run, with the results area's fetch-all (Cancel is there).
  const startedFor = useRef<number | null>(null);
  const { start } = fetchAll;
  useEffect(() => {
    if (!current || !moreAvailable || fetchAll.progress.running || startedFor.current === run.nonce) return;
    startedFor.current = run.nonce;
    start();
  }, [current, moreAvailable, fetchAll.progress.running, run.nonce, start]);

  const charts = useMemo(
    () =>
      CHARTS[context].map((spec) => ({
        spec,
        items: orderedItems(spec, aggregate.charts[spec.id]!).map((b): ChartItem => ({
          key: b.key,
          label: itemLabel(context, spec, b.key, b.label, names, users),
          rows: b.rows,
          parts: b.parts,
          drill: drillFor(context, spec.id, b.key, users, b.label),
        })),
      })),
    [aggregate, context, names, users],
  );

  const pick = (spec: ChartSpec, item: ChartItem) => {
    if (item.drill.kind === 'local') {
      filterLocally({
        nonce: run.nonce,
        context,
        chartId: spec.id,
        key: item.key,
        label: `${spec.title}: ${item.label}`,
        reason: item.drill.reason,
      });
      announce(
        `The table shows the ${number(item.rows)} loaded rows of ${item.label}, filtered here: ${item.drill.reason}`,
      );
      return;
    }
    const { text, context: editing } = useQueryStore.getState();
    if (editing !== context) {
      announce(`The editor is on another listing; switch back to add ${item.drill.clause}.`);
      return;
    }
    setText(addClause(text, context, item.drill.clause));
    runQuery();
    announce(`Added ${item.drill.clause} and ran the query.`);
  };

  const progress = fetchAll.progress;
  const counting = !current
    ? 'Counting the previous run’s rows while the new one runs…'
    : progress.running
      ? `Counting ${number(aggregate.rows)} rows; loading the rest (Cancel in the toolbar keeps the counts so far).`
      : moreAvailable
        ? `These counts cover the ${number(aggregate.rows)} rows loaded, not the whole result.`
        : `${number(aggregate.rows)} row${aggregate.rows === 1 ? '' : 's'} counted: the whole result.`;

  return (
    <aside className="insight-view" aria-label="Insight" data-testid="insight">
      <div className="insight-head">
        <h2>Insight</h2>
        <span className="results-muted" data-testid="insight-status" role="status">
          {counting}
        </span>
        <span className="results-spacer" />
        <button
          type="button"
          disabled={aggregate.rows === 0}
          onClick={() => download(exportName(context, 'csv'), aggregateCsv(charts), 'text/csv;charset=utf-8')}
        >
          Export tables (CSV)
        </button>
      </div>
      <p className="insight-total" data-testid="insight-total" data-rows={aggregate.rows}>
        {number(aggregate.rows)} rows
        {context === 'strings' && (
          <>
            {' · '}
            <span data-testid="insight-words">{number(aggregate.source.words)} source words</span>
            {' · '}
            {number(aggregate.source.chars)} characters
          </>
        )}
      </p>
      {localFilter && localFilter.nonce === run.nonce && (
        <div className="insight-local" role="note" data-testid="insight-local-filter">
          The table shows only <strong>{localFilter.label}</strong>, filtered among the loaded rows, not by
          the query: {localFilter.reason}{' '}
          <button type="button" onClick={clearLocalFilter}>
            Show all rows
          </button>
        </div>
      )}
      <div className="insight-grid">
        {charts.map(({ spec, items }) => (
          <ChartCard
            key={spec.id}
            spec={spec}
            items={items}
            total={aggregate.rows}
            onPick={(item) => pick(spec, item)}
          />
        ))}
      </div>
      {context === 'strings' &&
        (matrix ? (
          <LanguagesMatrix client={client} run={run} matrix={matrix} />
        ) : (
          <section className="insight-matrix-intro" aria-label="Languages matrix">
            <h3>Languages matrix</h3>
            <p className="results-muted">
              This query in every target language: untranslated, translated but not approved, approved, and
              with QA issues (one query per cell).
            </p>
            <button
              type="button"
              onClick={() => runMatrix(run.text)}
              disabled={!client || projectId === null}
            >
              Run across languages
            </button>
          </section>
        ))}
    </aside>
  );
}
