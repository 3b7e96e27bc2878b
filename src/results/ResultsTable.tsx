import { useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ContextName } from '../croql/types.ts';
import { COLUMNS, rowKey, type DisplayNames, type Row } from './listings.ts';

const ROW_HEIGHT = 30;

/** A virtualised table: only the rows in view are in the DOM, so 100,000 rows scroll smoothly. */
export function ResultsTable(props: {
  context: ContextName;
  rows: readonly Row[];
  selected: number | null;
  onSelect: (index: number) => void;
  /** File names and label titles for the ids in the rows. */
  names?: DisplayNames;
}) {
  const { context, rows, selected, onSelect, names } = props;
  const columns = COLUMNS[context];
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const template = columns.map((c) => `minmax(60px, ${c.width}fr)`).join(' ');

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0) return;
    const current = selected ?? -1;
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
      className="results-table"
      role="table"
      aria-label="Results"
      aria-rowcount={rows.length + 1}
      data-testid="results-table"
    >
      <div role="rowgroup">
        <div
          className="results-row results-header"
          role="row"
          aria-rowindex={1}
          style={{ gridTemplateColumns: template }}
        >
          {columns.map((c) => (
            <div key={c.key} role="columnheader" className="results-cell">
              {c.header}
            </div>
          ))}
        </div>
      </div>
      <div
        ref={scrollRef}
        className="results-scroll"
        role="rowgroup"
        tabIndex={0}
        aria-label="Result rows: arrow keys select a row, its details show below"
        onKeyDown={onKeyDown}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div
                key={rowKey(context, row, item.index)}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={selected === item.index}
                data-index={item.index}
                className={`results-row${selected === item.index ? ' selected' : ''}`}
                style={{
                  gridTemplateColumns: template,
                  transform: `translateY(${item.start}px)`,
                  height: ROW_HEIGHT,
                }}
                onClick={() => onSelect(item.index)}
              >
                {columns.map((c) => {
                  const value = c.value(row, names);
                  return (
                    <div key={c.key} role="cell" className="results-cell" title={value}>
                      {value}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
