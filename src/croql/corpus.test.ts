import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { corpusLanguages, corpusUsers, specQueries } from './corpus.ts';
import { format, stripSpans } from './format.ts';
import { parse } from './parse.ts';
import { countField } from './schema.ts';

describe('every query of the spec’s pattern tables', () => {
  it.each(specQueries.map((q) => [`${q.context}: ${q.intent}`, q] as const))('%s', (_name, q) => {
    const options = { users: corpusUsers, languages: corpusLanguages, edition: 'enterprise' as const };
    expect(analyze(q.text, q.context, options).diagnostics).toEqual([]);
    const formatted = format(q.text);
    expect(format(formatted)).toBe(formatted);
    expect(stripSpans(parse(formatted).ast!)).toEqual(stripSpans(parse(q.text).ast!));
    expect(analyze(formatted, q.context, options).diagnostics).toEqual([]);
  });

  it('covers the three tables', () => {
    expect(specQueries.length).toBe(49);
    expect(new Set(specQueries.map((q) => q.context)).size).toBe(4);
  });
});

describe('analyze returns the checked model: types, resolved fields and bindings', () => {
  it('resolves names in the element scope first, then outward', () => {
    const model = analyze(
      'count of translations where (text contains "a" and identifier = "k") > 0',
      'strings',
    );
    expect(model.diagnostics).toEqual([]);
    expect(model.valid).toBe(true);
    const names = [...model.nodes].filter(([node]) => node.kind === 'identifier');
    const byName = new Map(names.map(([node, info]) => [(node as { name: string }).name, info]));
    expect(byName.get('text')?.field?.description).toBe('The translated text.');
    expect(byName.get('text')).toMatchObject({ owner: 'stringTranslation', depth: 1 });
    expect(byName.get('text')?.scopes).toEqual(['sourceString', 'stringTranslation']);
    // `identifier` is the string's: it binds to the enclosing object.
    expect(byName.get('identifier')).toMatchObject({ owner: 'sourceString', depth: 0 });
    expect(byName.get('count')?.field).toBe(countField);
    expect(model.nodes.get(model.ast!)?.type).toEqual({ kind: 'scalar', type: 'boolean' });
  });

  it('types every node of a valid query', () => {
    for (const q of specQueries) {
      const model = analyze(q.text, q.context, { edition: 'enterprise' });
      const untyped = [...model.nodes.values()].filter((info) => info.type.kind === 'unknown');
      expect(untyped, q.text).toEqual([]);
    }
  });

  it('accepts camelCase keys and odd spacing for names', () => {
    expect(analyze('isHidden and NOT  Is   Duplicate and maxLength > 3', 'strings').diagnostics).toEqual([]);
  });

  it('user fields compare with mentions or ids, language fields with mentions or codes', () => {
    expect(analyze('user = 1 or user = @user:"alice"', 'glossaryTerms').diagnostics).toEqual([]);
    expect(analyze('language = "uk" or language = @language:"de"', 'glossaryTerms').diagnostics).toEqual([]);
    expect(analyze('user = "alice"', 'glossaryTerms').diagnostics[0]?.reason).toBe('typeMismatch');
  });

  it('with tests one object in its scope', () => {
    expect(analyze('file with (name contains "json" and id = 3)', 'strings').diagnostics).toEqual([]);
  });

  it('the languages-summary datetime works with between and comparisons', () => {
    expect(
      analyze("count of languages summary where (translation updated > '2024-01-01') > 0", 'strings')
        .diagnostics,
    ).toEqual([]);
  });
});
