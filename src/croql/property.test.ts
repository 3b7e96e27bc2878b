import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryExpressionText, arbitraryQuery } from './arbitrary.ts';
import { analyze } from './check.ts';
import { specQueries } from './corpus.ts';
import { format, stripSpans } from './format.ts';
import { parse } from './parse.ts';
import { lezerTree } from './parse-lezer.ts';
import type { ListingName, Diagnostic } from './types.ts';

const contexts: ListingName[] = ['strings', 'translations', 'tmSegments', 'glossaryTerms'];

function rangesInside(text: string, diagnostics: Diagnostic[]) {
  for (const d of diagnostics) {
    expect(d.from).toBeGreaterThanOrEqual(0);
    expect(d.to).toBeLessThanOrEqual(text.length);
    expect(d.from).toBeLessThanOrEqual(d.to);
    expect(d.message).not.toBe('');
    // analyze turns a bug into an internalError diagnostic for the person; a test fails on it.
    expect(d.reason, d.message).not.toBe('internalError');
  }
}

/** A valid query with a random edit: a slice deleted, or a random piece inserted. */
const mutated = fc
  .tuple(
    fc.constantFrom(...specQueries),
    fc.nat(),
    fc.nat({ max: 12 }),
    fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.constantFrom('(', ')', '"', "'", '\\', ' and ', ' of ', 'where', '@', '≠', '\u0000', '😀'),
    ),
  )
  .map(([q, at, cut, insert]) => {
    const pos = at % (q.text.length + 1);
    return { context: q.context, text: q.text.slice(0, pos) + insert + q.text.slice(pos + cut) };
  });

// Generous timeouts: these run a few hundred parses each, and CI machines are sometimes busy.
describe('properties', { timeout: 60_000 }, () => {
  it('any string: analyze never throws and ranges stay inside the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom(...contexts),
        (text, context) => {
          rangesInside(text, analyze(text, context).diagnostics);
          format(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a parse that says its tree is clean has no error node (parse.ts then skips looking for them)', () => {
    const hasError = (text: string) => {
      const cursor = lezerTree(text).tree.cursor();
      do if (cursor.type.isError) return true;
      while (cursor.next());
      return false;
    };
    fc.assert(
      fc.property(
        fc.oneof(
          mutated.map((m) => m.text),
          fc.string({ maxLength: 60 }),
        ),
        (text) => {
          expect(lezerTree(text).clean).toBe(!hasError(text));
        },
      ),
      { numRuns: 400 },
    );
    for (const q of specQueries) expect(lezerTree(q.text).clean, q.text).toBe(true);
  });

  it('mutations of valid queries: never throw, ranges inside the text', () => {
    fc.assert(
      fc.property(mutated, ({ text, context }) => {
        rangesInside(text, analyze(text, context).diagnostics);
      }),
      { numRuns: 400 },
    );
  });

  it('generated valid queries analyse cleanly, format idempotently and keep their tree', () => {
    for (const context of contexts) {
      fc.assert(
        fc.property(arbitraryQuery(context), (text) => {
          expect(analyze(text, context).diagnostics).toEqual([]);
          const formatted = format(text);
          expect(format(formatted)).toBe(formatted);
          expect(stripSpans(parse(formatted).ast!)).toEqual(stripSpans(parse(text).ast!));
        }),
        { numRuns: 80 },
      );
    }
  });

  it('any operator mix that parses formats idempotently and keeps its tree', () => {
    fc.assert(
      fc.property(arbitraryExpressionText(), (text) => {
        const parsed = parse(text);
        if (parsed.diagnostics.length) return;
        const formatted = format(text);
        expect(parse(formatted).diagnostics).toEqual([]);
        expect(format(formatted)).toBe(formatted);
        expect(stripSpans(parse(formatted).ast!)).toEqual(stripSpans(parsed.ast!));
      }),
      { numRuns: 400 },
    );
  });
});
