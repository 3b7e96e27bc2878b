import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { compile } from './compile.ts';
import { complete } from './complete.ts';
import { explain } from './explain.ts';
import { corpusLanguages, corpusUsers, docsExamples, specQueries } from './corpus.ts';
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

describe('the examples of the service’s CroQL page', () => {
  it.each(docsExamples.map((q) => [`${q.context} (${q.source}): ${q.text}`, q] as const))(
    '%s',
    (_name, q) => {
      const { diagnostics } = analyze(q.text, q.context, { edition: q.edition ?? 'standard' });
      const errors = diagnostics.filter((d) => d.severity === 'error');
      if (q.verdict === 'valid') expect(errors).toEqual([]);
      else expect(errors.map((d) => d.reason)).toContain(q.verdict.error);
    },
  );

  it('says what to write instead of a refused id or an ISO 8601 datetime', () => {
    const id = analyze('id = 42', 'strings').diagnostics[0]!;
    expect(id).toMatchObject({ code: 'croqlInvalidLogic', reason: 'undocumentedField' });
    expect(id.message).toMatch(/`identifier`/);
    expect(analyze('count of translations where (id = 3) > 0', 'strings').diagnostics[0]!.reason).toBe(
      'undocumentedField',
    );
    expect(analyze('file with (id = 3)', 'strings').diagnostics).toEqual([]);
    expect(analyze('count of records where (id = 7) > 0', 'tmSegments').diagnostics).toEqual([]);
    const iso = analyze("added > '2024-05-01T02:30:00+02:00'", 'strings').diagnostics[0]!;
    expect(iso).toMatchObject({ code: 'croqlInvalidSyntax', reason: 'badDatetime' });
    expect(iso.message).toMatch(/'2024-05-01 00:30:00'/);
  });
});

describe('`with` on a user', () => {
  it('matches a user value by the fields the docs name, evaluated from the members', () => {
    const env = {
      users: [
        { id: 1, username: 'alice' },
        { id: 2, username: 'crowdin' },
      ],
      languages: [],
      now: new Date(),
    };
    const { predicate, diagnostics } = compile('user with (login = "crowdin")', 'translations', env);
    expect(diagnostics).toEqual([]);
    expect(predicate!({ user: 2 })).toBe(true);
    expect(predicate!({ user: 1 })).toBe(false);
    expect(predicate!({ user: 99 })).toBe(false);
    expect(analyze('user with (nickname = "x")', 'translations').diagnostics[0]!.reason).toBe('unknownField');
    // Completion offers `with` after a user and its `login` inside.
    expect(complete('user ', 5, 'translations', {})!.items.map((i) => i.label)).toContain('with');
    expect(complete('user with (lo', 13, 'translations', {})!.items.map((i) => i.label)).toEqual(['login']);
    expect(explain('user with (login = "crowdin")', 'translations')).toBe(
      'Translations with a user whose login is “crowdin”.',
    );
    // `=` with a mention or an id keeps working.
    expect(compile('user = @user:"crowdin" and user = 2', 'translations', env).predicate!({ user: 2 })).toBe(
      true,
    );
  });
});
