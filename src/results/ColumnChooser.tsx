import { useId, useRef, useState } from 'react';
import type { ListingName } from '../croql/types.ts';
import { Popover } from '../ui/Popover.tsx';
import { COLUMNS } from '../rows/fields.ts';
import { useTableStore } from './table-store.ts';

const NONE: readonly string[] = [];

/** "Columns": which columns of the listing's table show (remembered per listing). */
export function ColumnChooser({ context }: { context: ListingName }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const hidden = useTableStore((s) => s.hidden[context]) ?? NONE;
  const { toggleColumn, showAllColumns } = useTableStore((s) => s.actions);
  const id = useId();
  const columns = COLUMNS[context];
  const shown = columns.length - columns.filter((c) => hidden.includes(c.key)).length;
  return (
    <span className="popover-anchor">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        Columns ({shown}/{columns.length})
      </button>
      {open && (
        <Popover label="Columns" anchor={button} onClose={() => setOpen(false)} align="end">
          <fieldset id={id} className="column-chooser">
            <legend>Columns to show</legend>
            {columns.map((c) => {
              const visible = !hidden.includes(c.key);
              return (
                <label key={c.key}>
                  <input
                    type="checkbox"
                    checked={visible}
                    // The table keeps at least one column.
                    disabled={visible && shown === 1}
                    onChange={() => toggleColumn(context, c.key)}
                  />
                  {c.header}
                </label>
              );
            })}
            <button type="button" className="link-button" onClick={() => showAllColumns(context)}>
              Show all
            </button>
          </fieldset>
        </Popover>
      )}
    </span>
  );
}
