// How a row's values read, the way a localization engineer reads them: a plural text one line per form
// with its category, a TM segment's records one line per language, ICU messages marked for highlighting, a
// datetime in the reader's own format (the ISO value on hover), and a text longer than its string's max
// length marked. The results table and the details panel show these views (src/rows/CellText.tsx). Pure.
import type { LanguageTranslationResource, SourceStringResource } from '../wire/resources.ts';
import { isRecord } from '../wire/json.ts';
import { formsOf, pluralsOf } from './plurals.ts';
import type { DisplayNames, RowOf } from './rows.ts';

/** One line of a cell: a plural form's text with its category, a TM record's with its language. */
export interface CellLine {
  tag?: string;
  text: string;
  /** An ICU message: its arguments and keys are shown apart from its text (src/rows/icu.ts). */
  icu?: boolean;
}

export interface CellView {
  lines: CellLine[];
  /** Shown on hover: the ISO datetime behind a local one. */
  title?: string;
  /** The longest line is longer than the string's max length. */
  overLength?: { length: number; max: number };
}

/** Characters as Crowdin's max length counts them: Unicode code points. */
export const textLength = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

const LOCAL = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO 8601 datetime in the reader's locale and time zone; anything else as it is. */
export function localDateTime(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : LOCAL.format(time);
}

export function dateCell(value: unknown): CellView {
  if (typeof value !== 'string' || value === '') return { lines: [] };
  const local = localDateTime(value);
  return { lines: [{ text: local }], ...(local !== value ? { title: value } : {}) };
}

/** Marks `cell` when a line is longer than `max` (0 or missing: no limit). */
function withMaxLength(cell: CellView, max: unknown): CellView {
  if (typeof max !== 'number' || max <= 0) return cell;
  const length = Math.max(0, ...cell.lines.map((l) => textLength(l.text)));
  return length > max ? { ...cell, overLength: { length, max } } : cell;
}

/** A source string's text: one line per plural form, ICU marked, over its max length marked. */
export function sourceTextCell(s: Partial<SourceStringResource>): CellView {
  const text: unknown = s.text;
  const icu = s.type === 'icu';
  const lines: CellLine[] = isRecord(text)
    ? formsOf(text).map(([tag, t]) => ({ tag, text: t }))
    : typeof text === 'string'
      ? [{ text, ...(icu ? { icu } : {}) }]
      : [];
  return withMaxLength({ lines }, s.maxLength);
}

const ICU_CONTENT = 'application/vnd.crowdin.text+icu';

/** A translation's text: one line per plural form; over its source string's max length marked. */
export function translationTextCell(row: LanguageTranslationResource, names?: DisplayNames): CellView {
  const forms = pluralsOf(row);
  const icu = row.contentType === ICU_CONTENT;
  const lines: CellLine[] = forms.length
    ? forms.map((p) => ({ tag: String(p.pluralForm ?? '?'), text: String(p.text ?? '') }))
    : 'text' in row && typeof row.text === 'string'
      ? [{ text: row.text, ...(icu ? { icu } : {}) }]
      : 'url' in row && typeof row.url === 'string'
        ? [{ text: row.url }]
        : [];
  return withMaxLength({ lines }, sourceOf(row, names)?.maxLength);
}

/** The source string of a translation row, once the strings of its page have loaded. */
export function sourceOf(
  row: LanguageTranslationResource,
  names?: DisplayNames,
): SourceStringResource | undefined {
  return typeof row.stringId === 'number' ? names?.strings?.get(row.stringId) : undefined;
}

/** A TM segment's records as source | target: the TM's source language, then every other language. */
export function segmentCells(
  row: RowOf<'tmSegments'>,
  names?: DisplayNames,
): { source: CellView; target: CellView } {
  const records = Array.isArray(row.records) ? row.records.filter(isRecord) : [];
  const source = names?.tmSourceLanguage ?? records[0]?.languageId;
  const line = (r: (typeof records)[number]): CellLine => ({
    tag: String(r.languageId ?? '?'),
    text: String(r.text ?? ''),
  });
  return {
    source: { lines: records.filter((r) => r.languageId === source).map(line) },
    target: { lines: records.filter((r) => r.languageId !== source).map(line) },
  };
}

/** A cell's text on one line (sorting, the title of a cell, a snapshot): `one: apple · other: apples`. */
export function cellText(cell: CellView): string {
  return cell.lines.map((l) => (l.tag ? `${l.tag}: ${l.text}` : l.text)).join(' · ');
}
