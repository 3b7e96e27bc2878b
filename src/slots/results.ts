// What the results area receives from the shell (src/app/results-area.tsx): the views of a run's rows,
// shown as tabs above them, the part shown for an empty result, and the panels under the rows. The results
// area imports none of them; a new view or panel is one entry in the shell's registry, lazy-loaded there.
import type { ComponentType } from 'react';
import type { ApiClient } from '../connection/api.ts';
import type { ListingName } from '../croql/index.ts';
import type { DisplayNames, Row } from '../rows/rows.ts';
import type { RunRequest } from '../workspace/run.ts';

/**
 * A filter of the loaded rows, applied in the browser, for what the query cannot say (Insight's items
 * CroQL cannot express). The results area keeps it for the run it was set in.
 */
export interface TableFilterSpec {
  /** What it keeps, for the notice above the table: "Segments by record language: de". */
  label: string;
  /** Why it is not part of the query. */
  reason: string;
  keep: (row: Row) => boolean;
}

export interface ResultViewProps {
  run: RunRequest;
  client: ApiClient | null;
  /** The listing the rows come from. */
  context: ListingName;
  /** Every loaded row, in loading order. */
  rows: readonly Row[];
  names: DisplayNames;
  /** The table's sort as row indexes (null: loading order); details' previous/next follow it. */
  order: readonly number[] | null;
  /** Index in `rows` of the selected row. */
  selected: number | null;
  onSelect: (index: number) => void;
  /** Opens the details panel of a row. */
  onOpen: (index: number) => void;
  onEscape: () => void;
  /** The rows are this run's (false while a newer run's first page is on its way). */
  current: boolean;
  /** The run has more rows than are loaded; `fetchAll` loads the rest (progress and Cancel in the toolbar). */
  moreAvailable: boolean;
  fetchAll: { running: boolean; start: () => void };
  /** Shows another view (by id). */
  showView: (id: string) => void;
  /** Filters the table's rows for this run (the notice above the table lets the user drop it). */
  filterTable: (filter: TableFilterSpec) => void;
}

export interface ResultView {
  id: string;
  label: string;
  component: ComponentType<ResultViewProps>;
}

/** A part about the run as a whole (its listing's endpoint is known and the user is signed in). */
export interface RunPartProps {
  client: ApiClient;
  path: string;
  run: RunRequest;
}

export interface ResultSlots {
  /** The views of the rows; the first is shown first. */
  views: readonly ResultView[];
  /** Shown instead of the views when the run matched nothing (else a plain "No rows match"). */
  empty?: ComponentType<RunPartProps>;
  /** Shown under the rows (or the empty result) of a run that finished. */
  underRows: readonly ComponentType<RunPartProps>[];
}
