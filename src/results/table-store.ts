import { create } from 'zustand';
import type { ListingName } from '../croql/types.ts';
import { readStore, writeStore, type Reading, type StoreSpec } from '../ui/stored.ts';
import { isRecord } from '../wire/json.ts';
import { isListingName, LISTING_NAMES } from '../wire/listings.ts';
import { arrayOf, describeValue, problemText, string } from '../wire/shape.ts';
import type { SortState } from './sort.ts';

/**
 * The results table's choices: hidden columns per listing (remembered across visits), the sort, and the
 * widths the user gave columns (px, for this page; ui-walk D29).
 */
interface TableState {
  hidden: Partial<Record<ListingName, string[]>>;
  sort: SortState | null;
  widths: Partial<Record<ListingName, Record<string, number>>>;
  actions: {
    toggleColumn: (context: ListingName, key: string) => void;
    showAllColumns: (context: ListingName) => void;
    setSort: (sort: SortState | null) => void;
    /** A column's width in px; null gives it back its share of the table. */
    setWidth: (context: ListingName, key: string, px: number | null) => void;
  };
}

/**
 * The hidden columns in localStorage, through src/ui/stored.ts: a listing this version does not know, or
 * a list that is not one of column keys, is left out and said so (the stored data kept aside); a choice
 * that cannot be saved lasts for this page, with a notice.
 */
export const HIDDEN_STORE: StoreSpec<TableState['hidden']> = {
  area: 'local',
  key: 'croql.columns.v1',
  label: 'Your choice of hidden columns',
  unsaved: 'They stay hidden until you reload the page.',
  check: checkHidden,
  empty: () => ({}),
};

const columnKeys = arrayOf(string);

/** The stored hidden columns → those of known listings that are lists of column keys. Never throws. */
export function checkHidden(raw: unknown): Reading<TableState['hidden']> {
  if (!isRecord(raw)) return { unreadable: `it is ${describeValue(raw)}, not columns by listing` };
  const value: TableState['hidden'] = {};
  const dropped: string[] = [];
  for (const [context, keys] of Object.entries(raw)) {
    if (!isListingName(context)) {
      dropped.push(`${JSON.stringify(context)} is not a listing (${LISTING_NAMES.join(', ')})`);
      continue;
    }
    const problem = columnKeys.problem(keys, context);
    if (problem) dropped.push(problemText(problem));
    else value[context] = keys as string[];
  }
  return { value, dropped };
}

export const useTableStore = create<TableState>()((set, get) => {
  const save = (hidden: TableState['hidden']) => {
    set({ hidden });
    writeStore(HIDDEN_STORE, hidden);
  };
  return {
    hidden: readStore(HIDDEN_STORE),
    sort: null,
    widths: {},
    actions: {
      toggleColumn: (context, key) => {
        const current = get().hidden[context] ?? [];
        const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key];
        save({ ...get().hidden, [context]: next });
      },
      showAllColumns: (context) => save({ ...get().hidden, [context]: [] }),
      setSort: (sort) => set({ sort }),
      setWidth: (context, key, px) => {
        const { [key]: _old, ...rest } = get().widths[context] ?? {};
        set({ widths: { ...get().widths, [context]: px === null ? rest : { ...rest, [key]: px } } });
      },
    },
  };
});
