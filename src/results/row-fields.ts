// A resource laid out for reading in the details panel: its fields in a sensible order, named in words,
// ids of files, branches and labels with their names, dates readable, nested objects and lists kept. Pure.
import type { ContextName } from '../croql/types.ts';
import { sortedForms, type DisplayNames, type Row } from './listings.ts';

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

/** Fields a person looks at first; the rest follow in the service's order. */
const FIRST: Record<ContextName, string[]> = {
  strings: ['text', 'identifier', 'context', 'type', 'fileId', 'branchId', 'labelIds', 'isHidden'],
  translations: ['text', 'plurals', 'stringId', 'translationId', 'languageId', 'user', 'provider'],
  tmSegments: ['id', 'records'],
  glossaryTerms: ['text', 'description', 'languageId', 'partOfSpeech', 'status', 'type'],
};

/** Shown as a link above the fields, not among them. */
const LINKS = new Set(['webUrl']);

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Ids shown with their names, labelled by what they name. */
const NAMED: Record<string, string> = { fileId: 'File', branchId: 'Branch', labelIds: 'Labels' };

/** `isHidden` → "Is hidden", `maxLength` → "Max length", `fileId` → "File". */
export function fieldLabel(key: string): string {
  if (NAMED[key]) return NAMED[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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
    return { kind: 'object', fields: keys.map((k) => fieldView(k, value[k], names)) };
  }
  return { kind: 'text', text: JSON.stringify(value) };
}

function fieldView(key: string, value: unknown, names: DisplayNames | undefined): FieldView {
  return { key, label: fieldLabel(key), value: valueView(key, value, names) };
}

/** The row's fields in reading order (the ones people look for first, then the rest). */
export function rowFields(row: Row, context: ContextName, names?: DisplayNames): FieldView[] {
  const first = FIRST[context].filter((k) => k in row);
  const rest = Object.keys(row).filter((k) => !first.includes(k) && !LINKS.has(k));
  return [...first, ...rest].map((k) => fieldView(k, row[k], names));
}

/** The resource's page in the service (its editor for a string), when the API gives one. */
export function webUrlOf(row: Row): string | null {
  const url = row.webUrl;
  return typeof url === 'string' && /^https:\/\//.test(url) ? url : null;
}

const NOUN: Record<ContextName, string> = {
  strings: 'String',
  translations: 'Translation',
  tmSegments: 'TM segment',
  glossaryTerms: 'Glossary term',
};

/** "String 42", "Translation 7 of string 3". */
export function rowTitle(row: Row, context: ContextName): string {
  if (context === 'translations') {
    const id = row.translationId ?? (Array.isArray(row.plurals) ? 'plural' : null);
    return `${NOUN.translations}${id != null ? ` ${String(id)}` : ''} of string ${String(row.stringId ?? '?')}`;
  }
  return `${NOUN[context]} ${String(row.id ?? '')}`.trim();
}
