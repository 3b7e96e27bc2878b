// A resource laid out for reading in the details panel: its fields in a sensible order, named in words,
// ids of files, branches, labels and users with their names, dates in the reader's format, links as links,
// a text as the table reads it (plural forms, ICU), a translation's source string first, nested objects
// and lists kept. Pure.
import type { ListingName } from '../croql/index.ts';
import { localDateTime, sourceOf, sourceTextCell, type CellView } from '../rows/cells.ts';
import { capitalised, fieldLabel, fieldsOf, keyWords } from '../rows/fields.ts';
import { ID_FIELDS, userLong } from '../rows/names.ts';
import { sortedForms } from '../rows/plurals.ts';
import { entriesOf, type DisplayNames, type Row, type RowOf, type UserName } from '../rows/rows.ts';
import { isRecord } from '../wire/json.ts';
import { providerWord, stringTypeWord } from '../wire/resources.ts';

export type ValueView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; title?: string; code?: boolean }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'cell'; cell: CellView }
  | { kind: 'list'; items: ValueView[] }
  | { kind: 'object'; fields: FieldView[] }
  | { kind: 'forms'; forms: FormView[] };

/** One form of a plural translation, beside the source's same form (ui-walk D30). */
export interface FormView {
  form: string;
  /** The source string's text in this form; null while the source is not loaded. */
  source: string | null;
  text: string;
  /** Who made it, when and how: "Emma Schmidt (emma) · Oct 6, 2024, 2:14 PM · TM, 100%". */
  note: string;
}

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

/** An id with its name from the project's lists: "checkout (id 7)", a user "Alice Anderson (alice)". */
function named(key: string, id: unknown, names: DisplayNames | undefined): ValueView {
  const list = ID_FIELDS[key];
  if (typeof id !== 'number' || !list) return { kind: 'text', text: String(id) };
  if (list === 'users') {
    const user = names?.users?.get(id);
    return user
      ? { kind: 'text', text: userLong(user), title: `user id ${id}` }
      : { kind: 'text', text: String(id) };
  }
  const name = names?.[list]?.get(id);
  return { kind: 'text', text: name ? `${name} (id ${id})` : String(id) };
}

/** A web address the reader can open: `url`, `avatarUrl`, `webUrl` and the like. */
const isLink = (key: string, value: string) => /url$/i.test(key) && /^https?:\/\//.test(value);

function valueView(key: string, value: unknown, names: DisplayNames | undefined): ValueView {
  if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) return { kind: 'empty' };
  if (ID_FIELDS[key]) {
    return Array.isArray(value)
      ? { kind: 'list', items: value.map((id) => named(key, id, names)) }
      : named(key, value, names);
  }
  // A user object (a translation's author) as people name them, its id on hover.
  const user = userOf(value, names);
  if (user)
    return { kind: 'text', text: userLong(user), title: `user id ${String((value as { id?: unknown }).id)}` };
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'yes' : 'no' };
  if (typeof value === 'number') return { kind: 'text', text: value.toLocaleString('en-US') };
  if (typeof value === 'string') {
    // A string's type in CroQL's word (`type is plain`), as the table shows it; the API's word on hover.
    if (key === 'type' && stringTypeWord(value) !== value) {
      return { kind: 'text', text: stringTypeWord(value), title: value };
    }
    if (ISO_DATETIME.test(value)) {
      const local = localDateTime(value);
      if (local !== value) return { kind: 'text', text: local, title: value };
    }
    if (isLink(key, value)) return { kind: 'link', href: value, text: value };
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

/**
 * A user object of the API (`{id, username, fullName, avatarUrl}`) as a name (the project's members fill a
 * full name the object lacks), or undefined.
 */
function userOf(value: unknown, names: DisplayNames | undefined): UserName | undefined {
  if (!isRecord(value) || typeof value.username !== 'string' || !('id' in value)) return undefined;
  const known = typeof value.id === 'number' ? names?.users?.get(value.id) : undefined;
  if (known && known.username === value.username && !value.fullName) return known;
  return {
    username: value.username,
    ...(typeof value.fullName === 'string' && value.fullName ? { fullName: value.fullName } : {}),
  };
}

/** Who made a translation, when and how, in one line. */
function madeBy(t: Record<string, unknown>, names: DisplayNames | undefined): string {
  const user = userOf(t.user, names);
  const how = t.provider
    ? [providerWord(t.provider), typeof t.matchRate === 'number' ? `${t.matchRate}%` : '']
        .filter(Boolean)
        .join(', ')
    : '';
  return [
    user && userLong(user),
    typeof t.createdAt === 'string' ? localDateTime(t.createdAt) : '',
    how,
    t.isPreTranslated === true ? 'pre-translated' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A plural translation's forms in CLDR order, each beside the source string's same form. */
function pluralForms(row: RowOf<'translations'>, names: DisplayNames | undefined): ValueView {
  const plurals: Record<string, unknown>[] =
    'plurals' in row && Array.isArray(row.plurals) ? (row.plurals as unknown[]).filter(isRecord) : [];
  const byForm = new Map(plurals.map((p) => [String(p.pluralForm), p]));
  const sourceText = sourceOf(row, names)?.text;
  return {
    kind: 'forms',
    forms: sortedForms([...byForm.keys()]).map((form) => {
      const p = byForm.get(form)!;
      const source = isRecord(sourceText) ? sourceText[form] : undefined;
      return {
        form,
        source: typeof source === 'string' ? source : null,
        text: typeof p.text === 'string' ? p.text : '',
        note: madeBy(p, names),
      };
    }),
  };
}

function fieldView(
  listing: ListingName | null,
  key: string,
  value: unknown,
  names: DisplayNames | undefined,
): FieldView {
  return { key, label: labelOf(listing, key), value: valueView(key, value, names) };
}

/** A translation's source string, read first: its text (as the table reads it), identifier, context, max length. */
function sourceFields(row: RowOf<'translations'>, names: DisplayNames | undefined): FieldView[] {
  const source = sourceOf(row, names);
  if (!source) return [];
  const out: FieldView[] = [
    { key: 'source', label: 'Source', value: { kind: 'cell', cell: sourceTextCell(source) } },
  ];
  for (const [key, label] of [
    ['identifier', 'Source identifier'],
    ['context', 'Source context'],
    ['maxLength', 'Max length'],
  ] as const) {
    const value = source[key];
    if (value !== '' && value !== 0 && value != null)
      out.push({ key: `source.${key}`, label, value: valueView(key, value, names) });
  }
  return out;
}

/** The row's fields in reading order (the ones people look for first, then the rest in the service's). */
export function rowFields(row: Row, listing: ListingName, names?: DisplayNames): FieldView[] {
  const fields = entriesOf(row);
  const described = fieldsOf(listing);
  const first = described
    .filter((f) => f.first !== undefined && f.key in fields)
    .sort((a, b) => a.first! - b.first!)
    .map((f) => f.key);
  const rest = Object.keys(fields).filter((k) => !first.includes(k) && !LINKS.has(k));
  const views = [...first, ...rest].map((k): FieldView => {
    if (listing === 'translations' && k === 'plurals' && Array.isArray(fields[k])) {
      return { key: k, label: 'Forms', value: pluralForms(row as RowOf<'translations'>, names) };
    }
    // The text as the table reads it: a line per plural form, ICU highlighted, a max length passed marked.
    const cell =
      k === 'text' ? described.find((f) => f.key === 'text')?.column?.cell?.(row, names) : undefined;
    return cell && cell.lines.length
      ? { key: k, label: labelOf(listing, k), value: { kind: 'cell' as const, cell } }
      : fieldView(listing, k, fields[k], names);
  });
  return listing === 'translations'
    ? [...sourceFields(row as RowOf<'translations'>, names), ...views]
    : views;
}

/**
 * The resource's page in the service (its editor for a string), when the API gives one. A translation has
 * none of its own: it opens its source string in the editor with the run's target language
 * (`…/editor/{project}/{file}/{source}-{target}#{string}`).
 */
export function webUrlOf(row: Row, names?: DisplayNames, languageId?: string | null): string | null {
  const own = entriesOf(row).webUrl;
  const source = 'stringId' in row ? sourceOf(row as RowOf<'translations'>, names)?.webUrl : undefined;
  const code = languageId ? names?.editorCodes?.get(languageId) : undefined;
  const url = typeof own === 'string' ? own : source && code ? editorIn(source, code) : undefined;
  return typeof url === 'string' && /^https:\/\//.test(url) ? url : null;
}

/**
 * An editor address in another target language, by that language's `editorCode` as the project's
 * `targetLanguages` give it, so the address is the service's and not one made up from the id.
 */
function editorIn(url: string, code: string): string {
  return url.replace(/(\/editor\/[^#?]+\/[a-z]+)-[a-z]+(?=[#?]|$)/i, `$1-${code}`);
}
