// The Library's Snapshots tab: snapshot the last run (every row, in this browser's IndexedDB), list the
// snapshots with their size, diff one against a new run, delete one.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApiClient } from '../connection/api.ts';
import { useSession } from '../auth/session.ts';
import { setupOfRun, useCurrentRun } from '../workspace/run.ts';
import { ProgressLine } from '../rows/ProgressLine.tsx';
import type { LibraryTabProps } from '../slots/library.ts';
import { announce } from '../ui/announce.ts';
import { captureRows } from './capture.ts';
import { keptFields } from '../rows/fields.ts';
import type { SnapshotMeta } from './store.ts';
import { snapshotListQuery, storageMessage, useRemoveSnapshot, useSaveSnapshot } from './queries.ts';

const DiffDialog = lazy(() => import('./DiffDialog.tsx'));

const number = (n: number) => n.toLocaleString('en-US');
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
const time = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });

export default function SnapshotsTab(props: LibraryTabProps) {
  const client = useApiClient();
  const session = useSession();
  const run = useCurrentRun();
  const list = useQuery(snapshotListQuery());
  const saveSnapshot = useSaveSnapshot();
  const removeSnapshot = useRemoveSnapshot();
  // The last failure, said plainly; the list stays as it was.
  const [failure, setFailure] = useState<string | null>(null);
  const error =
    failure ??
    (list.isError ? storageMessage(list.error, 'read the snapshots (the browser blocks storage)') : null);
  const snapshots = list.data?.snapshots ?? (list.isError ? [] : null);
  const unreadable = list.data?.unreadable ?? [];
  const [name, setName] = useState('');
  const [saving, setSaving] = useState<{ loaded: number } | null>(null);
  const [diffing, setDiffing] = useState<SnapshotMeta | null>(null);
  const controller = useRef<AbortController | null>(null);
  const nameId = useId();

  useEffect(() => () => controller.current?.abort(), []);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || !run || !client || !session) return;
    setFailure(null);
    const abort = new AbortController();
    controller.current = abort;
    setSaving({ loaded: 0 });
    try {
      const capture = await captureRows(client, run.context, run.target, run.text, abort.signal, (loaded) =>
        setSaving({ loaded }),
      );
      if (!capture.ok) {
        setFailure(capture.message);
        return;
      }
      const meta = {
        name: trimmed,
        createdAt: Date.now(),
        setup: setupOfRun(run, session),
        fields: keptFields(run.context).map((f) => f.key),
      };
      try {
        const saved = await saveSnapshot.mutateAsync({ meta, rows: capture.rows });
        setName('');
        announce(`Snapshot “${trimmed}” saved: ${number(saved.rowCount)} rows.`);
      } catch (err) {
        setFailure(storageMessage(err, 'save the snapshot'));
      }
    } catch (err) {
      if (!abort.signal.aborted) {
        setFailure(`The snapshot was not saved: ${err instanceof Error ? err.message : String(err)}`);
      }
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      <form className="save-form" onSubmit={(e) => void save(e)}>
        <label htmlFor={nameId}>Snapshot the last run as</label>
        <div className="row">
          <input id={nameId} value={name} onChange={(e) => setName(e.target.value)} placeholder="Name" />
          <button type="submit" disabled={!name.trim() || !run || !client || saving !== null}>
            Save snapshot
          </button>
        </div>
        {!run && <p className="hint">Run a query first; its rows (all of them) become the snapshot.</p>}
        {saving && (
          <ProgressLine label="Snapshot progress" onCancel={() => controller.current?.abort()}>
            {number(saving.loaded)} rows…
          </ProgressLine>
        )}
      </form>
      {error && (
        <p className="inline-error" role="alert" data-testid="snapshot-error">
          {error}
        </p>
      )}
      {unreadable.length > 0 && (
        <div className="inline-error" role="alert" data-testid="snapshots-unreadable">
          <p>
            {unreadable.length === 1
              ? 'One snapshot cannot be read and is left out of the list'
              : `${unreadable.length} snapshots cannot be read and are left out of the list`}{' '}
            (
            {unreadable
              .slice(0, 3)
              .map((u) => u.problem)
              .join('; ')}
            {unreadable.length > 3 ? '; …' : ''}). They stay stored until you delete them.
          </p>
          <button
            type="button"
            onClick={() =>
              removeSnapshot.mutate(
                unreadable.map((u) => u.id),
                {
                  onSuccess: () => announce('The snapshots that could not be read are deleted.'),
                  onError: (err) => setFailure(storageMessage(err, 'delete them')),
                },
              )
            }
          >
            Delete the unreadable snapshots
          </button>
        </div>
      )}
      {snapshots === null ? (
        <p className="hint">Loading snapshots…</p>
      ) : snapshots.length === 0 ? (
        <p className="hint">No snapshots yet. They stay in this browser and are never uploaded.</p>
      ) : (
        <ul className="library-list">
          {snapshots.map((s) => (
            <li key={s.id} data-testid="snapshot-item">
              <div className="library-item">
                <span className="library-name">{s.name}</span>
                <code className="library-text">{s.setup.text}</code>
                <span className="library-meta">
                  {time(s.createdAt)} · {props.describe(s.setup)} · {number(s.rowCount)} rows ·{' '}
                  <span data-testid="snapshot-size">{formatBytes(s.bytes)}</span>
                </span>
              </div>
              <button type="button" onClick={() => setDiffing(s)} disabled={!client}>
                Diff with a new run
              </button>
              <button
                type="button"
                className="button-ghost"
                aria-label={`Delete snapshot ${s.name}`}
                onClick={() =>
                  removeSnapshot.mutate([s.id], {
                    onSuccess: () => announce(`Snapshot “${s.name}” deleted.`),
                    onError: (err) => setFailure(storageMessage(err, 'delete the snapshot')),
                  })
                }
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {diffing && (
        <Suspense fallback={null}>
          <DiffDialog snapshot={diffing} onClose={() => setDiffing(null)} />
        </Suspense>
      )}
    </>
  );
}
