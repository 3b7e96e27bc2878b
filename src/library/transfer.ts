// The Library's saved queries and templates as a file, to share with a team: what an export writes, and the
// check an imported file goes through. An import keeps every query that is valid and says, per query, what
// it dropped and why; nothing in a file is trusted (a colleague's export, an older version, a hand edit).
// Pure: the panel reads and writes the file, the store adds the queries (libraryOps.importSaved).
import { PARAM_NAME, isParamType, type TemplateParam } from '../croql/index.ts';
import { isListingName, LISTING_NAMES, type ListingName } from '../wire/listings.ts';
import type { Target } from '../workspace/store.ts';
import type { SavedQuery } from './library.ts';

export const LIBRARY_FILE_FORMAT = 'croql-playground-library';
export const LIBRARY_FILE_VERSION = 1;
/** The longest query the service takes (the core's own limit); a longer one cannot be run anyway. */
const MAX_TEXT = 65_536;
const MAX_NAME = 200;
/** More than anyone keeps per project; a bigger file is cut there, and the message says so. */
export const MAX_IMPORTED = 1_000;

/** One query of a file: where it runs within a project, never which project or connection. */
export interface SharedQuery {
  name: string;
  text: string;
  listing: ListingName;
  params?: TemplateParam[];
  /** The language, TM or glossary it runs on, where the listing needs one. */
  languageId?: string;
  tmId?: number;
  glossaryId?: number;
}

export interface LibraryFile {
  format: typeof LIBRARY_FILE_FORMAT;
  version: typeof LIBRARY_FILE_VERSION;
  exportedAt: string;
  /** Where the queries were saved, for the people reading the file ("Emulator · project 1"). */
  from?: string;
  queries: SharedQuery[];
}

/** The saved queries as a file's text (pretty JSON: people read and review these files). */
export function libraryFileText(saved: readonly SavedQuery[], from: string, now: Date): string {
  const file: LibraryFile = {
    format: LIBRARY_FILE_FORMAT,
    version: LIBRARY_FILE_VERSION,
    exportedAt: now.toISOString(),
    from,
    queries: saved.map(sharedQuery),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

function sharedQuery(q: SavedQuery): SharedQuery {
  return {
    name: q.name,
    text: q.text,
    listing: q.context,
    ...(q.params?.length ? { params: q.params } : {}),
    ...(q.target.languageId ? { languageId: q.target.languageId } : {}),
    ...(q.target.tmId !== null ? { tmId: q.target.tmId } : {}),
    ...(q.target.glossaryId !== null ? { glossaryId: q.target.glossaryId } : {}),
  };
}

/** The target a shared query runs on in `projectId`. */
export function targetOf(q: SharedQuery, projectId: number | null): Target {
  return {
    projectId,
    languageId: q.languageId ?? null,
    tmId: q.tmId ?? null,
    glossaryId: q.glossaryId ?? null,
  };
}

export type ReadFile =
  { ok: true; queries: SharedQuery[]; dropped: string[] } | { ok: false; message: string };

/**
 * A file's text → the queries in it that are valid, and one sentence per thing dropped: a query that cannot
 * be one (no name, no text, an unknown listing) is dropped whole; a bad parameter or target is dropped from
 * its query, which is kept. A file that is not a library file at all is refused with what it is instead.
 */
export function readLibraryFile(text: string): ReadFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not JSON: choose a file the Library exported.' };
  }
  if (!raw || typeof raw !== 'object' || (raw as { format?: unknown }).format !== LIBRARY_FILE_FORMAT) {
    return {
      ok: false,
      message: 'The file is not a Library export (its "format" is not ' + LIBRARY_FILE_FORMAT + ').',
    };
  }
  const file = raw as Partial<Record<keyof LibraryFile, unknown>>;
  if (file.version !== LIBRARY_FILE_VERSION) {
    return {
      ok: false,
      message: `The file is version ${JSON.stringify(file.version)} of the Library's format; this playground reads version ${LIBRARY_FILE_VERSION}.`,
    };
  }
  if (!Array.isArray(file.queries)) return { ok: false, message: 'The file has no list of queries.' };
  const dropped: string[] = [];
  const queries: SharedQuery[] = [];
  file.queries.forEach((item, i) => {
    if (queries.length >= MAX_IMPORTED) return;
    const checked = checkQuery(item, i + 1);
    dropped.push(...checked.dropped);
    if (checked.query) queries.push(checked.query);
  });
  if (file.queries.length > MAX_IMPORTED + dropped.length) {
    dropped.push(
      `Only the first ${MAX_IMPORTED.toLocaleString('en-US')} queries are read; the rest were left out.`,
    );
  }
  return { ok: true, queries, dropped };
}

function checkQuery(item: unknown, n: number): { query: SharedQuery | null; dropped: string[] } {
  if (!item || typeof item !== 'object') return { query: null, dropped: [`Query ${n}: not a query.`] };
  const q = item as Record<string, unknown>;
  const name = typeof q.name === 'string' ? q.name.trim().slice(0, MAX_NAME) : '';
  const label = name ? `Query ${n} (“${name}”)` : `Query ${n}`;
  const refuse = (why: string) => ({ query: null, dropped: [`${label}: ${why}; not imported.`] });
  if (!name) return refuse('it has no name');
  if (typeof q.text !== 'string' || q.text.trim() === '') return refuse('it has no query text');
  if (q.text.length > MAX_TEXT)
    return refuse(`its text is longer than ${MAX_TEXT.toLocaleString('en-US')} characters`);
  if (!isListingName(q.listing)) {
    return refuse(`its listing ${JSON.stringify(q.listing)} is none of ${LISTING_NAMES.join(', ')}`);
  }
  const dropped: string[] = [];
  const query: SharedQuery = { name, text: q.text, listing: q.listing };
  if (q.params !== undefined) {
    const params = checkParams(q.params, (why) => dropped.push(`${label}: ${why}; the query is kept.`));
    if (params.length) query.params = params;
  }
  const part = (key: 'languageId' | 'tmId' | 'glossaryId', valid: (v: unknown) => boolean) => {
    const value = q[key];
    if (value === undefined || value === null) return;
    if (valid(value)) (query as unknown as Record<string, unknown>)[key] = value;
    else
      dropped.push(
        `${label}: its ${key} ${JSON.stringify(value)} is not valid and was left out; the query is kept.`,
      );
  };
  part('languageId', (v) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(v));
  part('tmId', isId);
  part('glossaryId', isId);
  return { query, dropped };
}

const isId = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function checkParams(raw: unknown, drop: (why: string) => void): TemplateParam[] {
  if (!Array.isArray(raw)) {
    drop('its parameters are not a list and were left out');
    return [];
  }
  const out: TemplateParam[] = [];
  raw.forEach((item, i) => {
    const p = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const name = typeof p.name === 'string' ? p.name : '';
    const what = name ? `parameter “${name}”` : `parameter ${i + 1}`;
    if (!PARAM_NAME.test(name)) drop(`${what} has no valid name and was left out`);
    else if (!isParamType(p.type))
      drop(`${what} has an unknown type ${JSON.stringify(p.type)} and was left out`);
    else if (typeof p.value !== 'string') drop(`${what} has no text value and was left out`);
    else if (out.some((x) => x.name === name)) drop(`${what} is given twice; the second was left out`);
    else out.push({ name, type: p.type, value: p.value.slice(0, 10_000) });
  });
  return out;
}
