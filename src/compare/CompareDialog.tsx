// Compare the current query (A) with one from the Library or history (B) as sets on the current target:
// rows only in A, only in B, and in both, each with its table and CSV. Lazy-loaded.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useApiClient } from '../connection/api.ts';
import { keys } from '../connection/keys.ts';
import { useTarget } from '../workspace/target.ts';
import { LISTINGS, listingPath } from '../wire/listings.ts';
import { sentTextOf, snapshot, type QuerySetup } from '../workspace/setup.ts';
import { exportFileName, toCsv } from '../rows/export.ts';
import { compareSets, keptRowsOf } from '../rows/sets.ts';
import { useDisplayNames } from '../rows/display-names.ts';
import { useDescribeTarget } from '../workspace/describe-target.ts';
import { Dialog } from '../ui/Dialog.tsx';
import type { Row } from '../rows/rows.ts';
import { PartsView, type Part } from '../rows/PartsView.tsx';
import { ProgressLine } from '../rows/ProgressLine.tsx';
import { rowSetQuery } from '../rows/row-sets.ts';
import { describeSize } from '../rows/row-sets.ts';

const number = (n: number) => n.toLocaleString('en-US');

export default function CompareDialog(props: { other: QuerySetup; otherLabel: string; onClose: () => void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // A is the query in the editor when the dialog opened, on the current target.
  const effectiveTarget = useTarget();
  const [a] = useState(() => {
    const setup = snapshot(effectiveTarget);
    return {
      template: setup.text,
      ...sentTextOf(setup),
      context: setup.context,
      target: setup.target,
      setup,
    };
  });
  const b = useMemo(() => ({ template: props.other.text, ...sentTextOf(props.other) }), [props.other]);
  const path = listingPath(a.context, a.target);
  // The table names ids, and the target is said in words, as the results and the Library do (ui-walk D32).
  const names = useDisplayNames(client, a.target, a.context);
  const describeTarget = useDescribeTarget();
  const problem = !client
    ? 'Sign in to compare queries.'
    : !path.ok
      ? path.missing
      : props.other.context !== a.context
        ? `B is written for ${LISTINGS[props.other.context].label.toLowerCase()}, A for ${LISTINGS[a.context].label.toLowerCase()}; both must query one listing.`
        : a.problem
          ? `A cannot run: ${a.problem}`
          : b.problem
            ? `B cannot run: ${b.problem}`
            : null;
  const ready = problem === null && client !== null && path.ok;
  const [progress, setProgress] = useState({ a: 0, b: 0 });
  const [cancelled, setCancelled] = useState(false);
  const optionsFor = (text: string, side: 'a' | 'b') =>
    rowSetQuery(client, a.context, path.ok ? path.path : null, text, {
      onProgress: (n) => setProgress((p) => ({ ...p, [side]: n })),
    });
  // One after the other: each set's Fetch all already uses most of the service's 20 requests.
  const qa = useQuery({ ...optionsFor(a.text, 'a'), enabled: ready && !cancelled });
  const qb = useQuery({ ...optionsFor(b.text, 'b'), enabled: ready && !cancelled && qa.isSuccess });
  const result = useMemo(
    () => (qa.data && qb.data ? compareSets(a.context, a.target, qa.data, qb.data) : null),
    [qa.data, qb.data, a.context, a.target],
  );

  const parts = useMemo((): Part[] | null => {
    if (!result || result.kind !== 'compared') return null;
    const part = (id: string, label: string, rows: Row[]): Part => ({
      id,
      label,
      rows: keptRowsOf(a.context, a.target, rows),
      csv: () => toCsv(rows),
      fileName: exportFileName(`compare-${id}`, 'csv'),
    });
    return [
      part('only-a', 'Only in A', result.onlyA),
      part('only-b', 'Only in B', result.onlyB),
      part('both', 'In both', result.both),
    ];
  }, [result, a.context, a.target]);

  const running = qa.isFetching || qb.isFetching;
  const cancel = () => {
    setCancelled(true);
    void queryClient.cancelQueries({ queryKey: keys.rowSets(client?.baseUrl ?? null) });
  };
  const error = qa.error ?? qb.error;

  return (
    <Dialog title="Compare queries" onClose={props.onClose} testId="compare-dialog">
      <dl className="compare-queries">
        <dt>A</dt>
        <dd>
          <code>{a.template || '(empty: every row)'}</code> (the editor)
        </dd>
        <dt>B</dt>
        <dd>
          <code>{b.template || '(empty: every row)'}</code> ({props.otherLabel})
        </dd>
        <dt>On</dt>
        <dd title={path.ok ? path.path : undefined}>{describeTarget(a.setup)}</dd>
      </dl>
      {problem && (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      )}
      {running && (
        <ProgressLine label="Compare progress" onCancel={cancel}>
          Fetching A: {number(progress.a)} rows{qb.isFetching ? `, B: ${number(progress.b)} rows` : ''}…
        </ProgressLine>
      )}
      {cancelled && (
        <p role="status">
          Cancelled.{' '}
          <button type="button" onClick={() => setCancelled(false)}>
            Compare again
          </button>
        </p>
      )}
      {error != null && !cancelled && (
        <p className="inline-error" role="alert">
          The comparison stopped: {error instanceof Error ? error.message : String(error)}
        </p>
      )}
      {qa.data && qb.data && (
        <p data-testid="compare-sizes">
          A matches {describeSize(qa.data)}; B matches {describeSize(qb.data)}.
        </p>
      )}
      {result?.kind === 'tooLarge' && (
        <p className="inline-error" role="alert" data-testid="compare-too-large">
          {result.which.join(' and ')} {result.which.length > 1 ? 'match' : 'matches'} more than{' '}
          {number(result.limit)} rows, the most Fetch all loads, so the sets cannot be compared exactly.
          Narrow the queries and compare again.
        </p>
      )}
      {parts && <PartsView context={a.context} parts={parts} label="Parts of the comparison" names={names} />}
    </Dialog>
  );
}
