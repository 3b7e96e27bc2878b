import { useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ListingName } from '../croql/types.ts';
import { type Column } from '../rows/fields.ts';
import { CellText } from '../rows/CellText.tsx';
import { ColumnResizer } from './ColumnResizer.tsx';
import { rowKey } from '../rows/identity.ts';
import type { DisplayNames, Row } from '../rows/rows.ts';
import type { SortState } from './sort.ts';

/** A row of one line; a row with plural forms or several TM languages grows a line for each (measured). */
const ROW_HEIGHT = 30;
/** Below this width per column the table scrolls sideways (its first column stays in place). */
const MIN_COLUMN_PX = 110;

/**
 * A virtualised table: only the rows in view are in the DOM, so 100,000 rows scroll smoothly. The header
 * stays on top and the first column on the left while it scrolls. `rows` are in display order (sorted).
 */
export function ResultsTable(props: {
  context: ListingName;
  rows: readonly Row[];
  columns: readonly Column[];
  sort: SortState | null;
  onSort: (key: string) => void;
  /** Position in `rows` of the selected row. */
  selected: number | null;
  onSelect: (position: number) => void;
  /** Opens the details panel of a row (click, Enter). */
  onOpen: (position: number) => void;
  /** Escape in the table (closes the details panel). */
  onEscape: () => void;
  names?: DisplayNames;
  /** Widths (px) the user gave columns, by key; the others share the table. */
  widths?: Readonly<Record<string, number>>;
  onResize?: (key: string, px: number | null) => void;
}) {
  const { context, rows, columns, sort, onSort, selected, onSelect, onOpen, onEscape, names } = props;
  const widths = props.widths ?? {};
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // The sticky header row sits above the rows inside the same scroller.
    scrollPaddingStart: ROW_HEIGHT,
  });
  // A column the user sized keeps its width; the others share the rest, none below what its text needs.
  const least = (c: Column) => widths[c.key] ?? Math.max(MIN_COLUMN_PX, c.minPx ?? 0);
  const template = columns
    .map((c) => (widths[c.key] ? `${widths[c.key]}px` : `minmax(${least(c)}px, ${c.width}fr)`))
    .join(' ');
  const minWidth = columns.reduce((sum, c) => sum + least(c), 0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Escape') {
      onEscape();
      return;
    }
    if (rows.length === 0) return;
    const current = selected ?? -1;
    if (event.key === 'Enter' && selected !== null) {
      event.preventDefault();
      onOpen(selected);
      return;
    }
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = Math.min(rows.length - 1, current + 1);
    else if (event.key === 'ArrowUp') next = Math.max(0, current - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = rows.length - 1;
    else if (event.key === 'PageDown') next = Math.min(rows.length - 1, current + 15);
    else if (event.key === 'PageUp') next = Math.max(0, current - 15);
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  return (
    <div
      ref={scrollRef}
      className="results-table"
      role="table"
      aria-label="Results: arrow keys select a row, Enter opens its details"
      aria-rowcount={rows.length + 1}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="results-table"
    >
      <div role="rowgroup" className="results-head" style={{ minWidth }}>
        <div
          className="results-row results-header"
          role="row"
          aria-rowindex={1}
          style={{ gridTemplateColumns: template }}
        >
          {columns.map((c) => {
            const direction = sort?.key === c.key ? sort.direction : undefined;
            return (
              // Named by its header alone: the width handle inside has a name of its own.
              <div
                key={c.key}
                role="columnheader"
                className="results-cell"
                aria-sort={direction ?? 'none'}
                aria-label={c.header}
              >
                <button type="button" className="sort-button" onClick={() => onSort(c.key)}>
                  {c.header}
                  <span aria-hidden="true" className="sort-mark">
                    {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}
                  </span>
                </button>
                {props.onResize && (
                  <ColumnResizer
                    header={c.header}
                    width={widths[c.key]}
                    least={least(c)}
                    onResize={(px) => props.onResize!(c.key, px)}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const isSelected = selected === item.index;
          return (
            <div
              key={rowKey(context, row, item.index)}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={isSelected}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={`results-row${isSelected ? ' selected' : ''}`}
              style={{
                gridTemplateColumns: template,
                transform: `translateY(${item.start}px)`,
                minHeight: ROW_HEIGHT,
              }}
              onClick={() => onOpen(item.index)}
            >
              {columns.map((c) => {
                const value = c.value(row, names);
                const cell = c.cell?.(row, names);
                return (
                  <div key={c.key} role="cell" className="results-cell" title={cell?.title ?? value}>
                    {cell ? <CellText cell={cell} /> : value}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
