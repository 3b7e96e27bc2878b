import { create } from 'zustand';
import type { ListingName } from '../croql/types.ts';
import type { SortState } from './sort.ts';

/** The results table's choices: hidden columns per listing (remembered across visits) and the sort. */
interface TableState {
  hidden: Partial<Record<ListingName, string[]>>;
  sort: SortState | null;
  actions: {
    toggleColumn: (context: ListingName, key: string) => void;
    showAllColumns: (context: ListingName) => void;
    setSort: (sort: SortState | null) => void;
  };
}

const HIDDEN_KEY = 'croql.columns.v1';

function readHidden(): TableState['hidden'] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(HIDDEN_KEY) ?? '{}');
    if (!value || typeof value !== 'object') return {};
    const out: TableState['hidden'] = {};
    for (const [context, keys] of Object.entries(value)) {
      if (Array.isArray(keys)) out[context as ListingName] = keys.filter((k) => typeof k === 'string');
    }
    return out;
  } catch {
    return {};
  }
}

export const useTableStore = create<TableState>()((set, get) => {
  const save = (hidden: TableState['hidden']) => {
    set({ hidden });
    try {
      localStorage.setItem(HIDDEN_KEY, JSON.stringify(hidden));
    } catch {
      // remembered for this page only
    }
  };
  return {
    hidden: typeof localStorage === 'undefined' ? {} : readHidden(),
    sort: null,
    actions: {
      toggleColumn: (context, key) => {
        const current = get().hidden[context] ?? [];
        const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key];
        save({ ...get().hidden, [context]: next });
      },
      showAllColumns: (context) => save({ ...get().hidden, [context]: [] }),
      setSort: (sort) => set({ sort }),
    },
  };
});
