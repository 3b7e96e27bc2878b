// Properties of the evaluator and the editor helpers over generated queries (arbitrary.ts):
// compiled predicates agree with the naive interpreter; explain, complete and hover never throw and keep
// their ranges inside the text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryQuery } from './arbitrary.ts';
import { compile } from './compile.ts';
import { complete } from './complete.ts';
import { explain } from './explain.ts';
import { GENERATED_LANGUAGES, GENERATED_USERS, generateStrings } from './generate.ts';
import { hover } from './hover.ts';
import { interpret } from './interpret.ts';
import { parse } from './parse.ts';
import type { EvalEnv } from './types.ts';

const env: EvalEnv = {
  users: GENERATED_USERS,
  languages: GENERATED_LANGUAGES,
  now: new Date('2024-06-15T12:00:00Z'),
};
const data = generateStrings(60, 11);

describe('properties', () => {
  it('compiled predicates agree with the naive interpreter on generated queries', () => {
    fc.assert(
      fc.property(arbitraryQuery('strings'), (query) => {
        const { predicate, diagnostics } = compile(query, 'strings', env);
        expect(
          diagnostics.filter((d) => d.severity === 'error'),
          query,
        ).toEqual([]);
        expect(predicate, query).not.toBeNull();
        const ast = parse(query).ast!;
        for (const obj of data) expect(predicate!(obj)).toBe(interpret(ast, 'strings', env, obj));
      }),
      { numRuns: 100, seed: 20241121 },
    );
  }, 180_000);

  it('explain, complete and hover never throw, at every cursor position', () => {
    const text = fc.oneof(
      arbitraryQuery('strings', 2),
      arbitraryQuery('strings', 2).chain((q) => fc.nat({ max: q.length }).map((cut) => q.slice(0, cut))),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(text, (query) => {
        expect(explain(query, 'strings')).not.toMatch(/internal error/i);
        for (let pos = 0; pos <= query.length; pos++) {
          const c = complete(query, pos, 'strings', { users: [{ id: 1, username: 'alice' }] });
          if (c) {
            expect(c.from).toBeGreaterThanOrEqual(0);
            expect(c.from).toBeLessThanOrEqual(pos);
            expect(c.to).toBeGreaterThanOrEqual(pos);
            expect(c.to).toBeLessThanOrEqual(query.length);
          }
          const h = hover(query, pos, 'strings');
          if (h) {
            expect(h.from).toBeLessThanOrEqual(pos);
            expect(h.to).toBeGreaterThanOrEqual(pos);
          }
        }
      }),
      // Each run asks at every cursor position, dozens of questions: 40 runs took 22 s of its 60 s at a load
      // of 22 on 2 cores (80 would near the limit); 30 keep it far inside.
      { numRuns: 30, seed: 20241121 },
    );
  }, 180_000);
});
