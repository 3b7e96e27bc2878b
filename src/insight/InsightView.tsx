// The Insight view: the run's rows counted by every chart of its listing, each item a drill-down, and (for
// source strings) the languages matrix. It counts the rows loaded so far and, when the run has more, has
// the results area's own fetch-all load the rest (its progress bar and Cancel stay in the toolbar).
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { membersQuery } from '../connection/queries.ts';
import { useWorkspace, useWorkspaceActions } from '../workspace/store.ts';
import { download } from '../ui/download.ts';
import { useRunActions } from '../workspace/run.ts';
import type { ResultViewProps } from '../slots/results.ts';
import { announce } from '../ui/announce.ts';
import { aggregateLoaded, orderedItems } from './aggregate.ts';
import { ChartCard } from './Chart.tsx';
import { chartsOf, itemLabel, rowHasItem, type ChartItem, type ChartSpec } from './charts.ts';
import { addClause, type UserNames } from './drill.ts';
import { CSV_TYPE } from '../rows/export.ts';
import { aggregateCsv, exportName } from './export.ts';
import { useInsightActions, useInsightStore } from './insight-store.ts';
import { LanguagesMatrix } from './Matrix.tsx';
import { ProgressPerLanguage } from './Progress.tsx';
import './insight.css';

const number = (n: number) => n.toLocaleString('en-US');
/** New 500-row chunks counted per render pass: about 10 ms of work (src/bench/insight.bench.ts). */
const CHUNKS_PER_PASS = 20;

/** Two items with one name (files of the same name in two branches) are told apart by their ids. */
function distinctLabels(items: ChartItem[]): ChartItem[] {
  const seen = new Map<string, number>();
  for (const item of items) seen.set(item.label, (seen.get(item.label) ?? 0) + 1);
  return items.map((item) =>
    (seen.get(item.label) ?? 0) > 1 ? { ...item, label: `${item.label} (${item.key})` } : item,
  );
}

export default function InsightView(props: ResultViewProps) {
  const { client, run, context, rows, current, moreAvailable, fetchAll, names, showView, filterTable } =
    props;
  const { setText } = useWorkspaceActions();
  const { run: runQuery } = useRunActions();
  const { showMatrix, fetchedRun } = useInsightActions();
  const fetchedFor = useInsightStore((s) => s.fetchedFor);
  const matrix = useInsightStore((s) => s.matrix);

  const projectId = run.target.projectId;
  const members = useQuery(membersQuery(client, projectId)).data;
  const users: UserNames = useMemo(() => new Map((members ?? []).map((m) => [m.id, m.username])), [members]);

  // Counting follows the rows at a lower priority than typing; each page is counted once (aggregate.ts),
  // at most CHUNKS_PER_PASS new pages per pass so that no task is long (100,000 rows freshly loaded are
  // counted over several passes, the charts growing meanwhile).
  const deferredRows = useDeferredValue(rows);
  const [pass, setPass] = useState(0);
  const aggregate = useMemo(
    () => aggregateLoaded(context, deferredRows, CHUNKS_PER_PASS),
    // `pass` asks for the next chunks of the same rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [context, deferredRows, pass],
  );
  const counted = aggregate.rows === deferredRows.length;
  useEffect(() => {
    if (counted) return;
    const timer = setTimeout(() => setPass((p) => p + 1), 0);
    return () => clearTimeout(timer);
  }, [counted, aggregate]);

  // More rows than loaded: load the rest once per run (a Cancel holds even if the view is reopened), with
  // the results area's own fetch-all (Cancel is in its toolbar).
  const { start, running } = fetchAll;
  useEffect(() => {
    if (!current || !moreAvailable || running || fetchedFor === run.nonce) return;
    fetchedRun(run.nonce);
    start();
  }, [current, moreAvailable, running, run.nonce, start, fetchedFor, fetchedRun]);

  const charts = useMemo(
    () =>
      chartsOf(context).map((spec) => ({
        spec,
        items: distinctLabels(
          orderedItems(spec, aggregate.charts[spec.id]!).map((b): ChartItem => ({
            key: b.key,
            label: itemLabel(spec, b.key, { names, users }, b.label),
            rows: b.rows,
            parts: b.parts,
            drill: spec.drill(b.key, users, b.label, names),
          })),
        ),
      })),
    [aggregate, context, names, users],
  );

  const pick = (spec: ChartSpec, item: ChartItem) => {
    if (item.drill.kind === 'local') {
      filterTable({
        label: `${spec.title}: ${item.label}`,
        reason: item.drill.reason,
        keep: (row) => rowHasItem(spec, row, item.key),
      });
      showView('table');
      announce(
        `The table shows the ${number(item.rows)} loaded rows of ${item.label}, filtered here: ${item.drill.reason}`,
      );
      return;
    }
    const { text, listing: editing } = useWorkspace.getState();
    if (editing !== context) {
      announce(`The editor is on another listing; switch back to add ${item.drill.clause}.`);
      return;
    }
    setText(addClause(text, context, item.drill.clause));
    runQuery(run.target);
    announce(`Added ${item.drill.clause} and ran the query.`);
  };

  const counting = !current
    ? 'Counting the previous run’s rows while the new one runs…'
    : !counted
      ? `Counting: ${number(aggregate.rows)} of ${number(deferredRows.length)} loaded rows so far…`
      : running
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
          onClick={() => download(exportName(context, 'csv'), aggregateCsv(charts), CSV_TYPE)}
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
      {context === 'strings' && current && projectId !== null && (
        <ProgressPerLanguage
          client={client}
          run={run}
          whole={
            counted && !running && !moreAvailable
              ? { rows: aggregate.rows, words: aggregate.source.words }
              : null
          }
        />
      )}
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
              onClick={() => showMatrix(run.text)}
              disabled={!client || projectId === null}
            >
              Run across languages
            </button>
          </section>
        ))}
    </aside>
  );
}
