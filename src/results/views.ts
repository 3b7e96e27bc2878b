// The views of a run's rows, shown as tabs above them. The table is the first; another view (a chart, a
// comparison) adds one entry here, lazy-loaded with React.lazy so it costs nothing until it is opened.
import { lazy, type ComponentType } from 'react';
import type { ApiClient } from '../connection/api.ts';
import type { ContextName } from '../croql/types.ts';
import type { DisplayNames, Row } from '../rows/rows.ts';
import type { RunRequest } from '../workspace/run.ts';
import { TableView } from './TableView.tsx';

export interface ResultViewProps {
  run: RunRequest;
  client: ApiClient | null;
  /** The listing the rows come from. */
  context: ContextName;
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
}

export interface ResultView {
  id: string;
  label: string;
  component: ComponentType<ResultViewProps>;
}

export const RESULT_VIEWS: readonly ResultView[] = [
  { id: 'table', label: 'Table', component: TableView },
  { id: 'insight', label: 'Insight', component: lazy(() => import('../insight/InsightView.tsx')) },
];
