// A delivery's string as the CroQL context a local rule's predicate reads (the strings listing's Context
// JSON: canonical camelCase keys, as src/croql/readers.ts reads them). Only the keys the batch's local rules
// read are built. When the delivery lacks something a rule needs (no text, no file, a label id the project
// no longer lists), the builder answers null and the string goes through the
// listing for that rule instead: a local rule never guesses.
import type { ContextObject } from '../croql/index.ts';
import type { EventString } from './event.ts';

export interface LabelRow {
  id: number;
  title: string;
  isSystem: boolean;
}
export interface BranchRow {
  id: number;
  name: string;
  title: string;
}

/** The project's lists, by id, fetched for a batch only when a local rule needs them (plan.ts `lookups`). */
export interface Lookups {
  labels?: ReadonlyMap<number, LabelRow>;
  branches?: ReadonlyMap<number, BranchRow>;
}

const MISSING = Symbol('missing');
type Read = (s: EventString, lookups: Lookups) => unknown;

const isForms = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((f) => typeof f === 'string');
const typeOf = (s: EventString) => s.type;
const plural = (s: EventString) => s.type === 'plural' || s.hasPlurals === true;

/** How each key of a source string's context is read from the delivery. */
const READERS: Record<string, Read> = {
  // A plural string's forms as an object: the core reads them as the listing does (compile-values.ts textOf).
  text: (s) => (typeof s.text === 'string' || isForms(s.text) ? s.text : MISSING),
  identifier: (s) => (typeof s.key === 'string' ? s.key : MISSING),
  context: (s) => (s.context === undefined ? MISSING : s.context),
  maxLength: (s) => {
    if (s.maxLength === null || s.maxLength === '') return 0;
    const n = Number(s.maxLength);
    return Number.isInteger(n) ? n : MISSING;
  },
  typeIsPlain: (s) => (typeOf(s) === undefined ? MISSING : typeOf(s) === 'text' && !plural(s)),
  typeIsPlural: (s) => (typeOf(s) === undefined ? MISSING : plural(s)),
  typeIsIcu: (s) => (typeOf(s) === undefined ? MISSING : typeOf(s) === 'icu'),
  typeIsAsset: (s) => (typeOf(s) === undefined ? MISSING : typeOf(s) === 'asset'),
  isHidden: (s) => (typeof s.isHidden === 'boolean' ? s.isHidden : MISSING),
  isVisible: (s) => (typeof s.isHidden === 'boolean' ? !s.isHidden : MISSING),
  isDuplicate: (s) => (typeof s.isDuplicate === 'boolean' ? s.isDuplicate : MISSING),
  file: (s) => (s.file ? { id: s.file.id, name: s.file.name, title: s.file.title ?? null } : MISSING),
  branch: (s, { branches }) => {
    if (!s.file) return MISSING;
    const id = s.file.branch?.id ?? null;
    if (id === null) return null;
    if (!branches) return { id };
    return branches.get(id) ?? MISSING;
  },
  labels: (s, { labels }) => {
    if (!Array.isArray(s.labelIds)) return MISSING;
    if (!labels) return s.labelIds.map((id) => ({ id }));
    const rows: LabelRow[] = [];
    for (const id of s.labelIds) {
      const row = labels.get(id);
      if (!row) return MISSING;
      rows.push(row);
    }
    return rows;
  },
  added: (s) => (s.createdAt === undefined ? MISSING : s.createdAt),
  updated: (s) => (s.updatedAt === undefined ? MISSING : s.updatedAt),
};

/** Keys whose value in the delivery is already the context's: the delivery object itself can be read. */
const SAME_IN_DELIVERY = new Set(['text', 'context', 'isHidden', 'isDuplicate']);

export type ContextBuilder = (s: EventString, lookups: Lookups) => ContextObject | null;

/** A builder of the contexts for these keys (plan.ts `keys`: every key a local rule of the batch reads). */
export function contextBuilder(keys: Iterable<string>): ContextBuilder {
  const wanted = [...new Set(keys)];
  const unknown = wanted.find((k) => !READERS[k]);
  if (unknown) throw new Error(`Internal error: a delivery has no reader for "${unknown}".`);
  // Fast path: the string as delivered is the context (no object built per string).
  if (wanted.every((k) => SAME_IN_DELIVERY.has(k))) {
    const checks = wanted.map((k) => READERS[k]!);
    return (s, lookups) => {
      for (const read of checks) if (read(s, lookups) === MISSING) return null;
      return s as unknown as ContextObject;
    };
  }
  const readers = wanted.map((k) => [k, READERS[k]!] as const);
  return (s, lookups) => {
    const ctx: ContextObject = {};
    for (const [key, read] of readers) {
      const value = read(s, lookups);
      if (value === MISSING) return null;
      ctx[key] = value;
    }
    return ctx;
  };
}

/** Every key this module can build: plan.ts's list of what a delivery carries must stay within it. */
export const BUILDABLE_KEYS: readonly string[] = Object.keys(READERS);
