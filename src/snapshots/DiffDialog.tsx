// A new run of a snapshot's query on its target, diffed against the snapshot: rows added, removed, and
// changed with the fields that changed. Lazy-loaded.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSession } from '../auth/session.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { PartsView, type Part } from '../rows/PartsView.tsx';
import { useDisplayNames } from '../rows/display-names.ts';
import { ProgressLine } from '../rows/ProgressLine.tsx';
import { rowSetQuery } from '../rows/row-sets.ts';
import { useApiClient } from '../connection/api.ts';
import { CONNECTION_LABELS } from '../connection/config.ts';
import { listingPath } from '../wire/listings.ts';
import { exportFileName, toCsv } from '../rows/export.ts';
import { diffRows, keptRows, type KeptRow } from '../rows/sets.ts';
import { snapshotRowsQuery, storageMessage } from './queries.ts';
import type { SnapshotMeta } from './store.ts';
import { sentTextOf } from '../workspace/setup.ts';

const number = (n: number) => n.toLocaleString('en-US');
const csvOf = (rows: readonly KeptRow[]) => toCsv(rows.map((r) => ({ row: r.id, ...r.values })));

export default function DiffDialog(props: { snapshot: SnapshotMeta; onClose: () => void }) {
  const { snapshot } = props;
  const { setup } = snapshot;
  const client = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  const [openedAt] = useState(() => Date.now());
  const [loaded, setLoaded] = useState(0);
  const path = listingPath(setup.context, setup.target);
  const names = useDisplayNames(client, setup.target, setup.context);
  const sent = useMemo(() => sentTextOf(setup), [setup]);
  const problem =
    !client || !session
      ? 'Sign in to run the query again.'
      : session.connection !== setup.connection || (session.domain ?? null) !== (setup.domain ?? null)
        ? `This snapshot was taken on ${CONNECTION_LABELS[setup.connection]}${setup.domain ? ` (${setup.domain})` : ''}; sign in there to diff it.`
        : !path.ok
          ? path.missing
          : sent.problem;
  const ready = problem === null && client !== null && path.ok;

  const before = useQuery(snapshotRowsQuery(snapshot.id));
  // A new run each time the dialog opens (its key holds the moment), never a cached one.
  const afterOptions = rowSetQuery(client, setup.context, path.ok ? path.path : null, sent.text, {
    onProgress: setLoaded,
    fresh: openedAt,
  });
  const after = useQuery({ ...afterOptions, enabled: ready });

  const diff = useMemo(() => {
    if (!before.data || !after.data || !after.data.complete) return null;
    return diffRows(setup.context, before.data, keptRows(setup.context, setup.target, after.data.rows));
  }, [before.data, after.data, setup]);

  const parts = useMemo((): Part[] | null => {
    if (!diff) return null;
    const changedRows = diff.changed.map((c) => ({ id: c.id, values: c.after }));
    return [
      {
        id: 'added',
        label: 'Added',
        rows: diff.added,
        csv: () => csvOf(diff.added),
        fileName: exportFileName('diff-added', 'csv'),
      },
      {
        id: 'removed',
        label: 'Removed',
        rows: diff.removed,
        csv: () => csvOf(diff.removed),
        fileName: exportFileName('diff-removed', 'csv'),
      },
      {
        id: 'changed',
        label: 'Changed',
        rows: changedRows,
        csv: () =>
          toCsv(
            diff.changed.map((c) => ({
              row: c.id,
              changed: c.fields.join('; '),
              ...Object.fromEntries(c.fields.map((f) => [`${f} before`, c.before[f] ?? ''])),
              ...c.after,
            })),
          ),
        fileName: exportFileName('diff-changed', 'csv'),
        changes: new Map(diff.changed.map((c) => [c.id, { fields: c.fields, before: c.before }])),
      },
    ];
  }, [diff]);

  return (
    <Dialog title={`Diff with snapshot “${snapshot.name}”`} onClose={props.onClose} testId="diff-dialog">
      <dl className="compare-queries">
        <dt>Query</dt>
        <dd>
          <code>{setup.text || '(empty: every row)'}</code>
        </dd>
        <dt>Snapshot</dt>
        <dd>
          {new Date(snapshot.createdAt).toLocaleString()} · {number(snapshot.rowCount)} rows
        </dd>
      </dl>
      {problem && (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      )}
      {after.isFetching && (
        <ProgressLine
          label="Diff progress"
          onCancel={() => void queryClient.cancelQueries({ queryKey: afterOptions.queryKey })}
        >
          Running the query again: {number(loaded)} rows…
        </ProgressLine>
      )}
      {after.error != null && (
        <p className="inline-error" role="alert">
          The new run failed: {after.error instanceof Error ? after.error.message : String(after.error)} The
          snapshot is kept.
        </p>
      )}
      {after.data && !after.data.complete && (
        <p className="inline-error" role="alert">
          The query now matches more than {number(after.data.limit)} rows, the most Fetch all loads, so no
          exact diff can be shown. Narrow the query.
        </p>
      )}
      {before.isError && (
        <p className="inline-error" role="alert">
          {storageMessage(before.error, 'read this snapshot’s rows')}
        </p>
      )}
      {before.isSuccess && before.data === null && (
        <p className="inline-error" role="alert">
          This snapshot’s rows are missing from the browser’s storage (it may have been cleared).
        </p>
      )}
      {diff && (
        <p data-testid="diff-summary">
          {number(diff.added.length)} added, {number(diff.removed.length)} removed,{' '}
          {number(diff.changed.length)} changed, {number(diff.unchanged)} unchanged.
        </p>
      )}
      {parts && <PartsView context={setup.context} parts={parts} label="Parts of the diff" names={names} />}
    </Dialog>
  );
}
