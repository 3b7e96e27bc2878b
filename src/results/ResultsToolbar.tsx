// The toolbar over a run's rows: the count, more rows (a page, or all of them), the table's columns,
// export and the inspector.
import type { ListingName } from '../croql/index.ts';
import { FETCH_ALL_LIMIT } from '../rows/limits.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import { countLabel, number, type CountState } from './run-status.ts';

export interface ResultsToolbarProps {
  count: CountState;
  /** The next page is on its way. */
  loadingMore: boolean;
  fetchAll: { running: boolean; loaded: number; stoppedAtCap: boolean };
  /** The table is the view shown (its columns can be chosen). */
  table: boolean;
  context: ListingName;
  namesInCsv: boolean;
  inspectorOpen: boolean;
  requestCount: number;
  onLoadMore: () => void;
  onFetchAll: () => void;
  onCancelFetchAll: () => void;
  onNamesInCsv: (names: boolean) => void;
  onExport: (kind: 'csv' | 'json') => void;
  onInspector: () => void;
}

export function ResultsToolbar(props: ResultsToolbarProps) {
  const { count, fetchAll } = props;
  const empty = count.rows === 0;
  return (
    <>
      <div className="results-toolbar">
        <span className="results-count" data-testid="results-count">
          {countLabel(count)}
        </span>
        {count.moreAvailable && !fetchAll.running && (
          <>
            <button type="button" onClick={props.onLoadMore} disabled={props.loadingMore}>
              {props.loadingMore ? 'Loading…' : 'Load 500 more'}
            </button>
            <button type="button" onClick={props.onFetchAll} disabled={props.loadingMore}>
              Fetch all
            </button>
          </>
        )}
        {fetchAll.running && (
          <span className="results-progress">
            <progress aria-label="Fetch all progress" data-testid="fetch-all-progress" />
            <span>{number(fetchAll.loaded)} rows…</span>
            <button type="button" onClick={props.onCancelFetchAll}>
              Cancel
            </button>
          </span>
        )}
        <span className="results-spacer" />
        {props.table && !empty && <ColumnChooser context={props.context} />}
        <button type="button" onClick={() => props.onExport('csv')} disabled={empty}>
          Export CSV
        </button>
        <label className="results-csv-names" title="Files, branches, labels and users by name in the CSV">
          <input
            type="checkbox"
            checked={props.namesInCsv}
            onChange={(e) => props.onNamesInCsv(e.target.checked)}
          />{' '}
          Names, not ids
        </label>
        <button type="button" onClick={() => props.onExport('json')} disabled={empty}>
          Export JSON
        </button>
        <button type="button" aria-expanded={props.inspectorOpen} onClick={props.onInspector}>
          Inspector{props.requestCount ? ` (${number(props.requestCount)})` : ''}
        </button>
      </div>
      {fetchAll.stoppedAtCap && (
        <p className="results-muted">
          Stopped at {number(FETCH_ALL_LIMIT)} rows, the most the table holds. Narrow the query to see the
          rest.
        </p>
      )}
    </>
  );
}
