// The parts of a comparison (only A / only B / both) or a diff (added / removed / changed) as tabs with
// their counts, each with its table and its CSV export.
import { useId, useState } from 'react';
import type { ListingName } from '../croql/types.ts';
import { download } from '../ui/download.ts';
import type { DisplayNames } from './rows.ts';
import { TabList, tabId } from '../ui/TabList.tsx';
import { RowsTable, type ShownRow } from './RowsTable.tsx';
import { CSV_TYPE } from './export.ts';

export interface Part {
  id: string;
  label: string;
  rows: readonly ShownRow[];
  /** The part as CSV (every row, not only those shown). */
  csv: () => string;
  fileName: string;
  changes?: ReadonlyMap<string, { fields: string[]; before: Record<string, string> }>;
}

const number = (n: number) => n.toLocaleString('en-US');

export function PartsView(props: {
  context: ListingName;
  parts: Part[];
  label: string;
  names?: DisplayNames;
}) {
  const [current, setCurrent] = useState(props.parts[0]!.id);
  const panelId = useId();
  const part = props.parts.find((p) => p.id === current) ?? props.parts[0]!;
  return (
    <>
      <div className="compare-counts">
        <TabList
          label={props.label}
          tabs={props.parts.map((p) => ({
            id: p.id,
            label: (
              <span data-testid={`count-${p.id}`}>
                {p.label}: {number(p.rows.length)}
              </span>
            ),
          }))}
          selected={part.id}
          onSelect={setCurrent}
          prefix={panelId}
          panelId={panelId}
        />
        <button
          type="button"
          onClick={() => download(part.fileName, part.csv(), CSV_TYPE)}
          disabled={part.rows.length === 0}
        >
          Export CSV: {part.label}
        </button>
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(panelId, part.id)}>
        <RowsTable
          context={props.context}
          rows={part.rows}
          caption={part.label}
          changes={part.changes}
          names={props.names}
        />
      </div>
    </>
  );
}
