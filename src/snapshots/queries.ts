// The snapshot store (IndexedDB) as server state: the list is a query, and saving and deleting are
// mutations that refresh it. A failure is said plainly, and says that the other snapshots are kept.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { keys } from '../connection/keys.ts';
import type { KeptRow } from '../rows/sets.ts';
import { snapshotStore, SnapshotStorageError, type SnapshotMeta } from './store.ts';

/** Every snapshot's description (without its rows), newest first, and the entries that cannot be read. */
export const snapshotListQuery = () =>
  queryOptions({
    queryKey: keys.snapshotList(),
    queryFn: () => snapshotStore.list(),
    staleTime: Infinity,
    retry: false,
  });

/** A snapshot's rows, read only when diffing (null: they are gone from the browser's storage). */
export const snapshotRowsQuery = (id: string) =>
  queryOptions({
    queryKey: keys.snapshotRows(id),
    queryFn: () => snapshotStore.rows(id),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** What a failure says: the store's own message, or what could not be done. */
export const storageMessage = (error: unknown, doing: string) =>
  error instanceof SnapshotStorageError
    ? error.message
    : `Could not ${doing}: ${error instanceof Error ? error.message : String(error)}. Your snapshots are kept.`;

export function useSaveSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      meta,
      rows,
    }: {
      meta: Omit<SnapshotMeta, 'id' | 'bytes' | 'rowCount'>;
      rows: KeptRow[];
    }) => snapshotStore.save(meta, rows),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.snapshotList() }),
  });
}

export function useRemoveSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => snapshotStore.remove(...ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.snapshotList() }),
  });
}
