// Rows → CSV (RFC 4180, formula cells neutralised) and JSON (raw): a listing's resources, or any objects
// made of them (a comparison's parts, the Insight counts). Pure; the download is in src/ui/download.ts.
import { isRecord } from '../wire/json.ts';
import { stringTypeWord } from '../wire/resources.ts';
import { ID_FIELDS, NAMED_HEADERS, namedField } from './names.ts';
import { PLURAL_ORDER, sortedForms } from './plurals.ts';
import type { DisplayNames } from './rows.ts';

const PLURAL_FORMS: ReadonlySet<string> = new Set(PLURAL_ORDER);

function isPluralObject(v: unknown): v is Record<string, unknown> {
  return isRecord(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => PLURAL_FORMS.has(k));
}

function cell(v: unknown): string {
  if (v == null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && v.every((x) => x == null || typeof x !== 'object')) return v.map(cell).join('; ');
  return JSON.stringify(v);
}

/** A TM segment's `records`: each with its language. */
function isRecordList(v: unknown): v is Record<string, unknown>[] {
  return Array.isArray(v) && v.length > 0 && v.every((r) => isRecord(r) && typeof r.languageId === 'string');
}

/**
 * One resource as flat columns. Plural texts become one column per form (`text.one`, `text.other`), so a
 * spreadsheet shows each form in its own cell; a plural translation's `plurals` array does the same, its
 * other fields taken from the first form; a TM segment's records become one column per language (`en`,
 * `uk`: the text in that language). Nested objects use dotted keys (`user.username`); arrays of scalars are
 * joined with "; "; anything deeper stays JSON. With `names`, ids of files, branches, labels and users are
 * written as their names (src/rows/names.ts), ids the lists lack as ids.
 */
export function flattenRow(row: object, names?: DisplayNames): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, value: unknown) => {
    const dot = key.lastIndexOf('.') + 1;
    const field = key.slice(dot);
    if (names && ID_FIELDS[field]) {
      // The header says what the cells now hold: a file's name under "file", not under "fileId".
      out[key.slice(0, dot) + (NAMED_HEADERS[field] ?? field)] =
        namedField(field, value, names) ?? cell(value);
    } else if (key === 'type' && typeof value === 'string') {
      // A string's type in CroQL's word (`plain`, as the table and `type is plain` say); other types as sent.
      out[key] = stringTypeWord(value);
    } else if (isPluralObject(value)) {
      for (const form of sortedForms(Object.keys(value))) out[`${key}.${form}`] = cell(value[form]);
    } else if (isRecord(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (isRecord(v) && !isPluralObject(v)) out[`${key}.${k}`] = cell(v);
        else put(`${key}.${k}`, v);
      }
    } else {
      out[key] = cell(value);
    }
  };
  for (const [key, value] of Object.entries(row)) {
    if (key === 'records' && isRecordList(value)) {
      for (const r of value) {
        const language = String(r.languageId);
        out[language] = out[language] ? `${out[language]}; ${cell(r.text)}` : cell(r.text);
      }
      continue;
    }
    if (key === 'plurals' && Array.isArray(value)) {
      const forms = value.filter(isRecord);
      for (const p of forms) out[`text.${String(p.pluralForm ?? '?')}`] = cell(p.text);
      const first = forms[0];
      if (first) {
        for (const [k, v] of Object.entries(first)) {
          if (k !== 'text' && k !== 'pluralForm' && !(k in out)) put(k, v);
        }
      }
      continue;
    }
    put(key, value);
  }
  return out;
}

/**
 * What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"): `=`, `+`, `-` or `@`, also
 * after leading white space (a space, a no-break space, a line feed, a byte-order mark: spreadsheets skip
 * them before they look for a formula), and a cell starting with a tab or a carriage return.
 */
const FORMULA_START = /^[\s\uFEFF]*[=+\-@]|^[\t\r]/;
/** A plain number such as `-5` or `-0.25` is data, not a formula, and keeps its sign. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * One CSV field. RFC 4180: quote a field holding a comma, quote, CR or LF, and double the quotes inside.
 * OWASP: a field that starts like a formula (see FORMULA_START) is prefixed with `'` and quoted, so a
 * spreadsheet shows it as text instead of running it. The JSON export stays raw.
 */
export function csvField(value: string): string {
  if (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Columns in order of first appearance, except that the forms of a plural stay together and ordered. */
function columnOrder(flat: Record<string, string>[]): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  for (const r of flat) {
    for (const k of Object.keys(r)) {
      if (!seen.has(k)) {
        seen.add(k);
        order.push(k);
      }
    }
  }
  const group = (k: string) => {
    const dot = k.lastIndexOf('.');
    return dot > 0 && PLURAL_FORMS.has(k.slice(dot + 1)) ? k.slice(0, dot) : k;
  };
  const firstIndex = new Map<string, number>();
  order.forEach((k, i) => {
    const g = group(k);
    if (!firstIndex.has(g)) firstIndex.set(g, i);
  });
  const formRank = (k: string) => {
    const dot = k.lastIndexOf('.');
    return dot > 0 ? (PLURAL_ORDER as readonly string[]).indexOf(k.slice(dot + 1)) : -1;
  };
  return order
    .map((k, i) => ({ k, i }))
    .sort(
      (a, b) =>
        firstIndex.get(group(a.k))! - firstIndex.get(group(b.k))! ||
        (group(a.k) === group(b.k) && a.k !== group(a.k) && b.k !== group(b.k)
          ? formRank(a.k) - formRank(b.k)
          : 0) ||
        a.i - b.i,
    )
    .map((x) => x.k);
}

/** The columns named in `languages` put in its order, in the places they take; other columns stay put. */
function inLanguageOrder(columns: string[], languages: readonly string[] | undefined): string[] {
  if (!languages?.length) return columns;
  const rank = new Map(languages.map((l, i) => [l, i]));
  const sorted = columns.filter((c) => rank.has(c)).sort((a, b) => rank.get(a)! - rank.get(b)!);
  return columns.map((c) => (rank.has(c) ? sorted.shift()! : c));
}

/**
 * The UTF-8 byte-order mark every CSV starts with: without it Excel reads the file in the machine's legacy
 * code page, and every translation outside ASCII (Українська, 日本語, even “quotes”) comes out garbled.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_TYPE = 'text/csv;charset=utf-8';

/**
 * `languages` orders the language columns of TM segments as the project does (its source language, then
 * its target languages), not as the first segments happen to list them (ui-walk D33).
 */
export function toCsv(rows: readonly object[], names?: DisplayNames, languages?: readonly string[]): string {
  if (rows.length === 0) return '';
  const flat = rows.map((row) => flattenRow(row, names));
  const columns = inLanguageOrder(columnOrder(flat), languages);
  const lines = [columns.map(csvField).join(',')];
  for (const r of flat) lines.push(columns.map((c) => csvField(r[c] ?? '')).join(','));
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}

export function toJson(rows: readonly object[]): string {
  return JSON.stringify(rows, null, 2) + '\n';
}

/** `strings-2026-11-21T19-30-00.csv` */
export function exportFileName(listing: string, extension: 'csv' | 'json', now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
  return `${listing}-${stamp}.${extension}`;
}
