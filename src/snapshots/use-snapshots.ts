// The Library's view of the snapshot store: the list (without rows), and save / delete that keep it current.
import { create } from 'zustand';
import { snapshotStore, SnapshotStorageError, type SnapshotMeta } from './store.ts';
import type { KeptRow } from '../rows/sets.ts';

interface SnapshotsState {
  list: SnapshotMeta[] | null;
  /** The last failure, said plainly; the list stays as it was. */
  error: string | null;
  actions: {
    refresh: () => Promise<void>;
    save: (
      meta: Omit<SnapshotMeta, 'id' | 'bytes' | 'rowCount'>,
      rows: KeptRow[],
    ) => Promise<SnapshotMeta | null>;
    remove: (id: string) => Promise<void>;
    clearError: () => void;
  };
}

const messageOf = (error: unknown, doing: string) =>
  error instanceof SnapshotStorageError
    ? error.message
    : `Could not ${doing}: ${error instanceof Error ? error.message : String(error)}. Your snapshots are kept.`;

export const useSnapshots = create<SnapshotsState>()((set, get) => ({
  list: null,
  error: null,
  actions: {
    refresh: async () => {
      try {
        set({ list: await snapshotStore.list() });
      } catch (error) {
        set({
          list: get().list ?? [],
          error: messageOf(error, 'read the snapshots (the browser blocks storage)'),
        });
      }
    },
    save: async (meta, rows) => {
      try {
        const saved = await snapshotStore.save(meta, rows);
        set({ error: null });
        await get().actions.refresh();
        return saved;
      } catch (error) {
        set({ error: messageOf(error, 'save the snapshot') });
        return null;
      }
    },
    remove: async (id) => {
      try {
        await snapshotStore.remove(id);
        await get().actions.refresh();
      } catch (error) {
        set({ error: messageOf(error, 'delete the snapshot') });
      }
    },
    clearError: () => set({ error: null }),
  },
}));
