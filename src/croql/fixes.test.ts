// The mistakes people report, told in their own words, with a quick fix that rewrites their text. The verdict
// (the first error's code, what the service answers) is the one it was; only the message and the fix say more.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { corpusLanguages, corpusUsers, specQueries } from './corpus.ts';
import { applySuggestion, inListRewrite, quickFixes } from './fixes.ts';
import { fieldsOf, lookupField, rootType } from './schema.ts';
import type { ListingName } from './types.ts';

const options = { users: corpusUsers, languages: corpusLanguages };
const LISTINGS: ListingName[] = ['strings', 'translations', 'tmSegments', 'glossaryTerms'];

/** The text after the first fix of the diagnostic with `reason`. */
function fixed(text: string, listing: ListingName, reason: string): string {
  const d = analyze(text, listing, options).diagnostics.find((x) => x.reason === reason);
  expect(d?.suggestions?.length, `${text}: ${d?.message}`).toBeGreaterThan(0);
  return applySuggestion(text, d!.suggestions![0]!);
}

describe('`fileId = 5`: the id of the file, not the nearest name', () => {
  it('says `id of file = 5` and rewrites the name to it; the service verdict stays croqlInvalidLogic', () => {
    const { diagnostics } = analyze('fileId = 5', 'strings');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      code: 'croqlInvalidLogic',
      reason: 'unknownField',
      from: 0,
      to: 6,
    });
    expect(diagnostics[0]!.message).toContain('write `id of file = 5`');
    expect(diagnostics[0]!.message).not.toContain('Did you mean `file`');
    expect(fixed('fileId = 5', 'strings', 'unknownField')).toBe('id of file = 5');
    expect(analyze('id of file = 5', 'strings').valid).toBe(true);
  });

  it('reads the API spellings `file_id`, `branchId`, and the plural of a collection', () => {
    expect(fixed('is hidden and file_id != 3', 'strings', 'unknownField')).toBe(
      'is hidden and id of file != 3',
    );
    expect(fixed('branchId = 2', 'strings', 'unknownField')).toBe('id of branch = 2');
    const labels = analyze('labelIds = 5', 'strings').diagnostics[0]!;
    expect(labels.message).toContain('`count of labels where (id = 5) > 0`');
    expect(fixed('labelIds = 5', 'strings', 'unknownField')).toBe('count of labels where (id = 5) > 0');
  });

  it('keeps the rewrite one operand inside `of`', () => {
    const text = fixed('name of fileId = 2', 'strings', 'unknownField');
    expect(text).toBe('name of (id of file) = 2');
  });

  it('every object field with an id, on every listing: `<field>Id = 1` is fixed into a query the checker accepts', () => {
    let checked = 0;
    for (const listing of LISTINGS) {
      for (const f of fieldsOf(rootType(listing))) {
        if (f.type.kind !== 'object' || !lookupField(f.type.objectType, 'id')) continue;
        const text = `${f.key}Id = 1`;
        if (analyze(text, listing).valid) continue;
        expect(analyze(fixed(text, listing, 'unknownField'), listing).diagnostics, text).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});

// Generous timeout: the property analyses a few hundred queries, and other processes share the machine.
describe('`id in (2516, 2518)`: their own clause, with `or`', { timeout: 60_000 }, () => {
  it('says `id = 2516 or id = 2518`; the fix replaces the clause; the verdict stays croqlInvalidSyntax', () => {
    const text = 'id in (2516, 2518)';
    const { diagnostics } = analyze(text, 'glossaryTerms');
    expect(diagnostics[0]).toMatchObject({ code: 'croqlInvalidSyntax', reason: 'unknownOperator' });
    expect(diagnostics[0]!.message).toContain('`id = 2516 or id = 2518`');
    expect(diagnostics[0]!.message).not.toContain('language = "uk"');
    const after = fixed(text, 'glossaryTerms', 'unknownOperator');
    expect(after).toBe('id = 2516 or id = 2518');
    expect(analyze(after, 'glossaryTerms').diagnostics).toEqual([]);
  });

  it('parenthesises the chain inside a larger query, and `not in` becomes `!=` joined by `and`', () => {
    expect(fixed('text contains "a" and identifier in ("a", "b")', 'strings', 'unknownOperator')).toBe(
      'text contains "a" and (identifier = "a" or identifier = "b")',
    );
    expect(fixed('count of records where (id in (1, 2)) > 0', 'tmSegments', 'unknownOperator')).toBe(
      'count of records where (id = 1 or id = 2) > 0',
    );
    const not = analyze('id not in [1, 2]', 'glossaryTerms').diagnostics.find(
      (d) => d.reason === 'unknownOperator',
    )!;
    expect(not.message).toContain('join with `and`: `id != 1 and id != 2`');
    expect(fixed('id in 7', 'glossaryTerms', 'unknownOperator')).toBe('id = 7');
  });

  it('keeps the generic hint where it cannot read a list', () => {
    for (const text of ['is hidden in is duplicate', 'id in (1, 2', 'id in']) {
      const d = analyze(text, 'strings').diagnostics.find((x) => x.reason === 'unknownOperator')!;
      expect(d.message, text).toContain('compare with each value and join with `or`');
      expect(d.suggestions, text).toBeUndefined();
    }
  });

  it('a string holding `,` or `)` stays one value', () => {
    expect(inListRewrite('text in ("a, b", ")")', { from: 0, to: 4 }, { from: 5, to: 7 })?.clause).toBe(
      'text = "a, b" or text = ")"',
    );
  });

  it('property: `F in (v, …)` of any number or string field, alone or beside valid clauses, is fixed into a valid query', () => {
    const cases = LISTINGS.flatMap((listing) =>
      fieldsOf(rootType(listing))
        .filter(
          (f) => f.type.kind === 'scalar' && ['integer', 'string'].includes(f.type.type) && !f.enumValues,
        )
        .map((f) => ({ listing, f })),
    );
    const value = (type: string) =>
      type === 'integer'
        ? fc.nat({ max: 99999 }).map(String)
        : fc.string({ maxLength: 6 }).map((s) => '"' + s.replace(/[\\"]/g, (c) => '\\' + c) + '"');
    fc.assert(
      fc.property(
        fc.constantFrom(...cases).chain(({ listing, f }) =>
          fc.record({
            listing: fc.constant(listing),
            field: fc.constant(f.name),
            values: fc.array(value((f.type as { type: string }).type), { minLength: 1, maxLength: 5 }),
            beside: fc.option(fc.constantFrom(...specQueries.filter((q) => q.context === listing))),
            wrap: fc.boolean(),
          }),
        ),
        ({ listing, field, values, beside, wrap }) => {
          const clause = `${field} in ${wrap || values.length > 1 ? `(${values.join(', ')})` : values[0]}`;
          const text = beside ? `(${beside.text}) and ${clause}` : clause;
          const first = analyze(text, listing, options).diagnostics[0]!;
          expect(first.code).toBe('croqlInvalidSyntax');
          const after = fixed(text, listing, 'unknownOperator');
          expect(analyze(after, listing, options).diagnostics, after).toEqual([]);
        },
      ),
      { seed: 32, numRuns: 150 },
    );
  });
});

describe('quickFixes', () => {
  it('lists every fix with its diagnostic, errors first in the order of the text', () => {
    const { diagnostics } = analyze('fileId = 5 and id in (1, 2)', 'strings');
    const fixes = quickFixes(diagnostics);
    expect(fixes.map((f) => f.suggestion.insert)).toEqual(['id of file', '(id = 1 or id = 2)']);
    expect(fixes[0]!.diagnostic.reason).toBe('unknownField');
  });
});
