// Rows of a compare part or a diff part as a plain table of the snapshot fields (the table's fields as
// text). Shows the first rows only; the CSV export holds them all.
import type { ListingName } from '../croql/types.ts';
import { type KeptRow } from './sets.ts';
import { keptFields } from './fields.ts';

export const SHOWN_ROWS = 200;

const number = (n: number) => n.toLocaleString('en-US');

export function RowsTable(props: {
  context: ListingName;
  rows: readonly KeptRow[];
  caption: string;
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
                <th scope="row">{r.id}</th>
                {props.changes && (
                  <td data-testid="changed-fields">
                    {change?.fields.map((k) => fields.find((f) => f.key === k)?.label ?? k).join(', ')}
                  </td>
                )}
                {fields.map((f) => {
                  const changed = change?.fields.includes(f.key);
                  return (
                    <td key={f.key} className={changed ? 'compare-changed' : undefined}>
                      {changed && (
                        <>
                          <del>{change!.before[f.key]}</del>{' '}
                        </>
                      )}
                      {changed ? <ins>{r.values[f.key]}</ins> : r.values[f.key]}
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
