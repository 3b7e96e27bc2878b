import { useMemo } from 'react';
import { COLUMNS } from '../rows/fields.ts';
import { ResultsTable } from './ResultsTable.tsx';
import { nextSort } from './sort.ts';
import { useTableStore } from './table-store.ts';
import type { ResultViewProps } from '../slots/results.ts';

/** The rows as a sortable table with the columns the user chose. */
export function TableView(props: ResultViewProps) {
  const { context, rows, names, order, selected, onSelect, onOpen, onEscape } = props;
  const hidden = useTableStore((s) => s.hidden[context]);
  const sort = useTableStore((s) => s.sort);
  const widths = useTableStore((s) => s.widths[context]);
  const { setSort, setWidth } = useTableStore((s) => s.actions);
  const columns = useMemo(() => {
    const visible = COLUMNS[context].filter((c) => !hidden?.includes(c.key));
    return visible.length ? visible : COLUMNS[context];
  }, [context, hidden]);
  const shown = useMemo(() => (order ? order.map((i) => rows[i]!) : rows), [order, rows]);
  const position = useMemo(() => {
    if (selected === null) return null;
    return order ? order.indexOf(selected) : selected;
  }, [order, selected]);
  const indexAt = (p: number) => (order ? order[p]! : p);
  return (
    <ResultsTable
      context={context}
      rows={shown}
      columns={columns}
      sort={sort}
      onSort={(key) => setSort(nextSort(sort, key))}
      selected={position}
      onSelect={(p) => onSelect(indexAt(p))}
      onOpen={(p) => onOpen(indexAt(p))}
      onEscape={onEscape}
      names={names}
      widths={widths}
      onResize={(key, px) => setWidth(context, key, px)}
    />
  );
}
