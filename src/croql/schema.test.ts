import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { allFieldNames, fieldsOf, lookupField, normalizeName, rootType, schema } from './schema.ts';
import type { ListingName } from './types.ts';

const contexts = Object.keys(schema.contexts) as ListingName[];

/** Every example of every field, written as a whole query of a context that reaches the field. */
function examplesAsQueries(): { context: ListingName; field: string; query: string }[] {
  const out: { context: ListingName; field: string; query: string }[] = [];
  for (const context of contexts) {
    const root = rootType(context);
    for (const f of fieldsOf(root)) {
      for (const ex of f.examples) out.push({ context, field: `${root}.${f.name}`, query: ex });
      if (f.type.kind === 'collection') {
        for (const g of fieldsOf(f.type.elementType)) {
          for (const ex of g.examples) {
            out.push({
              context,
              field: `${f.type.elementType}.${g.name}`,
              query: `count of ${f.name} where (${ex}) > 0`,
            });
          }
        }
      }
      if (f.type.kind === 'object') {
        // Examples of an object's fields are written from the object's owner (`id of file = 3`).
        for (const g of fieldsOf(f.type.objectType)) {
          for (const ex of g.examples)
            out.push({ context, field: `${f.type.objectType}.${g.name}`, query: ex });
        }
      }
    }
  }
  return out;
}

describe('schema', () => {
  it('every type a field refers to exists, and every context has a root type', () => {
    for (const context of contexts) expect(schema.types[rootType(context)]).toBeDefined();
    for (const t of Object.values(schema.types)) {
      for (const f of t.fields) {
        if (f.type.kind === 'object') expect(schema.types[f.type.objectType]).toBeDefined();
        if (f.type.kind === 'collection') expect(schema.types[f.type.elementType]).toBeDefined();
      }
    }
  });

  it('every field has a key, a description and an example; keys are unique per type', () => {
    for (const t of Object.values(schema.types)) {
      const keys = t.fields.map((f) => f.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const f of t.fields) {
        expect(f.key).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(f.description.length).toBeGreaterThan(5);
        expect(f.examples.length).toBeGreaterThan(0);
      }
    }
  });

  it('each spelling means one canonical name across all types', () => {
    const meaning = new Map<string, string>();
    for (const t of Object.values(schema.types)) {
      for (const f of t.fields) {
        for (const spelling of [f.name, f.key, ...(f.aliases ?? [])]) {
          const key = normalizeName(spelling);
          expect(meaning.get(key) ?? f.name).toBe(f.name);
          meaning.set(key, f.name);
        }
      }
    }
  });

  it('a name already in normal form comes back as it is; any other is trimmed, collapsed and lowercased', () => {
    for (const [raw, normal] of [
      ['is hidden', 'is hidden'],
      ['count_2 of x', 'count_2 of x'],
      ['Is   HIDDEN', 'is hidden'],
      [' is hidden', 'is hidden'],
      ['is hidden ', 'is hidden'],
      ['is\thidden', 'is hidden'],
      ['is\u00a0hidden', 'is hidden'],
      ['ishidden', 'ishidden'],
      ['isHidden', 'ishidden'],
    ]) {
      expect(normalizeName(raw!)).toBe(normal);
    }
  });

  it('lookup is case-insensitive, collapses whitespace and accepts the camelCase key', () => {
    expect(lookupField('sourceString', 'Is   HIDDEN')?.key).toBe('isHidden');
    expect(lookupField('sourceString', 'isHidden')?.name).toBe('is hidden');
    expect(lookupField('sourceString', 'languagesSummary')?.name).toBe('languages summary');
    expect(lookupField('languageSummary', 'approvals count')).toBeUndefined();
    expect(allFieldNames().has('has translation after approval')).toBe(true);
  });

  it('has every QA-issue flag of the spec and of the live service', () => {
    const flags = fieldsOf('languageSummary').filter((f) => / qa issues$/.test(f.name));
    expect(flags.length).toBe(21);
  });

  it('marks the enterprise-only fields', () => {
    const enterprise = Object.values(schema.types).flatMap((t) =>
      t.fields.filter((f) => f.enterpriseOnly).map((f) => f.name),
    );
    expect(enterprise.sort()).toEqual(['fields', 'isPassedWorkflow']);
  });

  it.each(examplesAsQueries().map((e) => [`${e.context}: ${e.field}: ${e.query}`, e] as const))(
    'example %s',
    (_n, e) => {
      expect(analyze(e.query, e.context, { edition: 'enterprise' }).diagnostics).toEqual([]);
    },
  );
});
