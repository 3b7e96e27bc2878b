// Rows of a compare part or a diff part as a table of the snapshot fields, read as the results table reads
// them (ui-walk D32): a row named ("String 35", not its key), ids as the project's names, dates in the
// reader's format, and a plural text a line per form where the row itself is at hand. Shows the first rows
// only; the CSV export holds them all.
import type { ListingName } from '../croql/types.ts';
import { localDateTime } from './cells.ts';
import { CellText } from './CellText.tsx';
import { keptFields, type RowField } from './fields.ts';
import { identityLabel } from './identity.ts';
import { ID_FIELDS, namedField } from './names.ts';
import type { DisplayNames, Row } from './rows.ts';
import { type KeptRow } from './sets.ts';

/** A kept row, with the resource it was kept from when that is at hand (a comparison, not a snapshot). */
export type ShownRow = KeptRow & { row?: Row };

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A kept value as the table reads it: ids by name, a date in the reader's format (the value on hover). */
function Shown({ field, value, names }: { field: RowField; value: string; names?: DisplayNames }) {
  if (ID_FIELDS[field.key] && value !== '') {
    const ids = value.split(', ').map((v) => (/^\d+$/.test(v) ? Number(v) : v));
    const named = namedField(field.key, field.key === 'labelIds' ? ids : ids[0], names);
    if (named !== undefined && named !== value) return <span title={`id ${value}`}>{named}</span>;
  }
  if (ISO_DATETIME.test(value)) {
    const local = localDateTime(value);
    if (local !== value) return <span title={value}>{local}</span>;
  }
  return <>{value}</>;
}

export const SHOWN_ROWS = 200;

const number = (n: number) => n.toLocaleString('en-US');

export function RowsTable(props: {
  context: ListingName;
  rows: readonly ShownRow[];
  caption: string;
  /** The project's names for ids (src/rows/display-names.ts); ids while they load. */
  names?: DisplayNames;
  /** Per row, the keys of fields to mark as changed, and their old text. */
  changes?: ReadonlyMap<string, { fields: string[]; before: Record<string, string> }>;
}) {
  const fields = keptFields(props.context);
  const shown = props.rows.slice(0, SHOWN_ROWS);
  if (props.rows.length === 0) return <p className="hint">No rows.</p>;
  return (
    <div className="compare-table-wrap" tabIndex={0} role="region" aria-label={props.caption}>
      <table className="compare-table" data-testid="compare-table">
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            {props.changes && <th scope="col">Changed</th>}
            {fields.map((f) => (
              <th key={f.key} scope="col">
                {f.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => {
            const change = props.changes?.get(r.id);
            return (
              <tr key={r.id} data-row-id={r.id}>
                <th scope="row" title={r.id}>
                  {identityLabel(r.id)}
                </th>
                {props.changes && (
                  <td data-testid="changed-fields">
                    {change?.fields.map((k) => fields.find((f) => f.key === k)?.label ?? k).join(', ')}
                  </td>
                )}
                {fields.map((f) => {
                  const changed = change?.fields.includes(f.key);
                  // The text as the results table shows it (a line per plural form) where the row is at hand.
                  const cell =
                    !changed && r.row && f.key === 'text' ? f.column?.cell?.(r.row, props.names) : undefined;
                  const value = (v: string) => <Shown field={f} value={v} names={props.names} />;
                  return (
                    <td key={f.key} className={changed ? 'compare-changed' : undefined}>
                      {changed && (
                        <>
                          <del>{value(change!.before[f.key] ?? '')}</del>{' '}
                        </>
                      )}
                      {changed ? (
                        <ins>{value(r.values[f.key] ?? '')}</ins>
                      ) : cell && cell.lines.length ? (
                        <CellText cell={cell} />
                      ) : (
                        value(r.values[f.key] ?? '')
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {props.rows.length > shown.length && (
        <p className="hint">
          Showing the first {number(shown.length)} of {number(props.rows.length)} rows; export CSV for all of
          them.
        </p>
      )}
    </div>
  );
}
