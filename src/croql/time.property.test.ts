// Hostile inputs (src/croql/hostile.arbitrary.ts) through every step of the core: analyze, format, compile,
// explain and evaluation over the emulator's demo data (2,000 strings). Each step answers, and analyze never
// reports an internal error. How long a step takes is a figure of `npm run bench`
// (src/bench/croql-hostile.bench.ts: the worst step against linear work of the same size), not of this test,
// so its outcome does not depend on how busy the machine is; a step whose work exploded would still hang
// past the unit test's time limit here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoEvalEnv } from '../server/emulator/data/demo-env.ts';
import { analyze } from './check.ts';
import { compile } from './compile.ts';
import { explain } from './explain.ts';
import { format } from './format.ts';
import { hostile } from './hostile.arbitrary.ts';

const { demo, env, options } = demoEvalEnv();

describe('every step of the core answers any hostile input of at most 4 KiB', () => {
  const params = { numRuns: 150 };

  it('analyze reports no internal error, and format answers', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const { diagnostics } = analyze(text, 'strings', options);
        expect(diagnostics.filter((d) => d.reason === 'internalError')).toEqual([]);
        expect(typeof format(text)).toBe('string');
      }),
      params,
    );
  });

  it('compile gives a predicate or diagnostics, and the predicate runs over the demo data', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const { predicate, diagnostics } = compile(text, 'strings', env);
        expect(predicate !== null || diagnostics.length > 0).toBe(true);
        if (predicate) expect(Array.isArray(demo.strings.filter(predicate))).toBe(true);
      }),
      params,
    );
  });

  it('explain answers', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        expect(typeof explain(text, 'strings')).toBe('string');
      }),
      params,
    );
  });
});
