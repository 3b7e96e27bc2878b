// What the schema explorer shows, from the one schema (src/croql/schema.ts): the fields of a type, a search
// over every type reachable from a listing, the field under the editor's cursor (from the checked model, as
// src/croql/locate.ts finds it), and the text a click inserts. Pure.
import {
  analyze,
  describeFieldType,
  fieldOf,
  fieldsOf,
  locate,
  rootType,
  typeLabel,
  type ListingName,
  type Edition,
  type FieldDef,
} from '../croql/index.ts';

/** A step into a nested type: the field followed and the type it leads to. */
export interface Step {
  field: FieldDef;
  typeName: string;
}

export const visibleIn = (edition: Edition) => (f: FieldDef) => edition === 'enterprise' || !f.enterpriseOnly;

/** The type a field leads into (object or collection element), if any. */
export function nestedType(field: FieldDef): string | null {
  if (field.type.kind === 'object') return field.type.objectType;
  if (field.type.kind === 'collection') return field.type.elementType;
  return null;
}

export function fieldsOfType(typeName: string, edition: Edition): FieldDef[] {
  return fieldsOf(typeName).filter(visibleIn(edition));
}

export interface SearchHit {
  /** The steps from the listing's type to the type that holds the field. */
  path: Step[];
  typeName: string;
  field: FieldDef;
}

/** Every field reachable from the listing whose name, key, description or values mention `query`. */
export function searchFields(context: ListingName, query: string, edition: Edition): SearchHit[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  const queue: { typeName: string; path: Step[] }[] = [{ typeName: rootType(context), path: [] }];
  while (queue.length) {
    const { typeName, path } = queue.shift()!;
    if (seen.has(typeName)) continue;
    seen.add(typeName);
    for (const field of fieldsOfType(typeName, edition)) {
      const text = [field.name, field.key, field.description, ...(field.enumValues ?? [])]
        .join(' ')
        .toLowerCase();
      if (text.includes(needle)) hits.push({ path, typeName, field });
      const inner = nestedType(field);
      if (inner) queue.push({ typeName: inner, path: [...path, { field, typeName: inner }] });
    }
  }
  // Names that start with the query first, then other name matches, then description matches.
  const rank = (h: SearchHit) => {
    const name = h.field.name.toLowerCase();
    return name.startsWith(needle)
      ? 0
      : name.includes(needle) || h.field.key.toLowerCase().includes(needle)
        ? 1
        : 2;
  };
  return hits
    .map((h, i) => ({ h, i }))
    .sort((a, b) => rank(a.h) - rank(b.h) || a.i - b.i)
    .map(({ h }) => h);
}

/** The path from the listing's type to `typeName` (breadth first), or null when it is not reachable. */
export function pathTo(context: ListingName, typeName: string): Step[] | null {
  const queue: { typeName: string; path: Step[] }[] = [{ typeName: rootType(context), path: [] }];
  const seen = new Set<string>();
  while (queue.length) {
    const next = queue.shift()!;
    if (next.typeName === typeName) return next.path;
    if (seen.has(next.typeName)) continue;
    seen.add(next.typeName);
    for (const field of fieldsOf(next.typeName)) {
      const inner = nestedType(field);
      if (inner) queue.push({ typeName: inner, path: [...next.path, { field, typeName: inner }] });
    }
  }
  return null;
}

/** The field the editor's cursor is on, in the scope the checker bound it to (`count` has none), or null. */
export function fieldAtCursor(
  text: string,
  pos: number,
  context: ListingName,
): { typeName: string; field: FieldDef } | null {
  const model = analyze(text, context);
  const found = locate(model, pos);
  if (!found || found.node.kind !== 'identifier') return null;
  const named = fieldOf(model, found.node);
  return named?.owner ? { typeName: named.owner, field: named.field } : null;
}

/**
 * What a click on a field inserts: its name; a field of an object reached from the listing reads
 * `name of file`. Inside a collection's element (`where (…)`) the bare name is right.
 */
export function insertionFor(field: FieldDef, path: readonly Step[]): string {
  const last = path.at(-1);
  if (last && last.field.type.kind === 'object') return `${field.name} of ${last.field.name}`;
  if (field.type.kind === 'collection') return `count of ${field.name}`;
  return field.name;
}

export { describeFieldType, typeLabel };
