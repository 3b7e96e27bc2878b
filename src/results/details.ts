// A resource laid out for reading in the details panel: its fields in a sensible order, named in words,
// ids of files, branches and labels with their names, dates readable, nested objects and lists kept. Pure.
import type { ListingName } from '../croql/index.ts';
import { capitalised, fieldLabel, fieldsOf, keyWords } from '../rows/fields.ts';
import { sortedForms } from '../rows/plurals.ts';
import { entriesOf, type DisplayNames, type Row } from '../rows/rows.ts';
import { isRecord } from '../wire/json.ts';

export type ValueView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; title?: string; code?: boolean }
  | { kind: 'list'; items: ValueView[] }
  | { kind: 'object'; fields: FieldView[] };

export interface FieldView {
  key: string;
  label: string;
  value: ValueView;
}

/** Shown as a link above the fields, not among them. */
const LINKS = new Set(['webUrl']);

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** `fileId` → "File" and `maxLength` → "Max length" (the listing's field labels, src/rows/fields.ts). */
const labelOf = (listing: ListingName | null, key: string) =>
  capitalised(listing ? fieldLabel(listing, key) : keyWords(key));

function named(names: ReadonlyMap<number, string> | undefined, id: unknown, what: string): ValueView {
  const name = typeof id === 'number' ? names?.get(id) : undefined;
  return { kind: 'text', text: name ? `${name} (${what} ${String(id)})` : String(id) };
}

function valueView(key: string, value: unknown, names: DisplayNames | undefined): ValueView {
  if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) return { kind: 'empty' };
  if (key === 'fileId') return named(names?.files, value, 'id');
  if (key === 'branchId') return named(names?.branches, value, 'id');
  if (key === 'labelIds' && Array.isArray(value)) {
    return { kind: 'list', items: value.map((id) => named(names?.labels, id, 'id')) };
  }
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'yes' : 'no' };
  if (typeof value === 'number') return { kind: 'text', text: value.toLocaleString('en-US') };
  if (typeof value === 'string') {
    if (ISO_DATETIME.test(value)) {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) {
        return { kind: 'text', text: date.toUTCString().replace('GMT', 'UTC'), title: value };
      }
    }
    return { kind: 'text', text: value };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty' };
    return { kind: 'list', items: value.map((item) => valueView('', item, names)) };
  }
  if (isRecord(value)) {
    // A plural text: its forms in CLDR order.
    const keys = key === 'text' ? sortedForms(Object.keys(value)) : Object.keys(value);
    return { kind: 'object', fields: keys.map((k) => fieldView(null, k, value[k], names)) };
  }
  return { kind: 'text', text: JSON.stringify(value) };
}

function fieldView(
  listing: ListingName | null,
  key: string,
  value: unknown,
  names: DisplayNames | undefined,
): FieldView {
  return { key, label: labelOf(listing, key), value: valueView(key, value, names) };
}

/** The row's fields in reading order (the ones people look for first, then the rest in the service's). */
export function rowFields(row: Row, listing: ListingName, names?: DisplayNames): FieldView[] {
  const fields = entriesOf(row);
  const first = fieldsOf(listing)
    .filter((f) => f.first !== undefined && f.key in fields)
    .sort((a, b) => a.first! - b.first!)
    .map((f) => f.key);
  const rest = Object.keys(fields).filter((k) => !first.includes(k) && !LINKS.has(k));
  return [...first, ...rest].map((k) => fieldView(listing, k, fields[k], names));
}

/** The resource's page in the service (its editor for a string), when the API gives one. */
export function webUrlOf(row: Row): string | null {
  const url = entriesOf(row).webUrl;
  return typeof url === 'string' && /^https:\/\//.test(url) ? url : null;
}
