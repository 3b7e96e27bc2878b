// Long queries end to end in the core: a chain of 5,000 terms inside the length limit, and the chain of 296
// `is hidden` that Lezer used to cut short, go through every step (completion too) without errors or deep
// recursion.
import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { compile } from './compile.ts';
import { complete } from './complete.ts';
import { labelIdChain } from './corpus.ts';
import { explain } from './explain.ts';
import { fixtureEnv, fixtureStrings } from './fixtures.ts';
import { format } from './format.ts';
import { MAX_QUERY_LENGTH } from './parse.ts';

const chainOf = (n: number, term: (i: number) => string, op: string) =>
  Array.from({ length: n }, (_, i) => term(i + 1)).join(` ${op} `);

const longQueries = {
  labels: labelIdChain(),
  hidden: chainOf(296, () => 'is hidden', 'and'),
};

describe('long queries', { timeout: 30_000 }, () => {
  it.each(Object.entries(longQueries))('%s: analyse, format, explain, compile and evaluate', (_, text) => {
    expect(text.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(analyze(text, 'strings').diagnostics).toEqual([]);
    expect(format(text)).toBe(text);
    expect(explain(text, 'strings')).toMatch(/strings/i);
    const { predicate, diagnostics } = compile(text, 'strings', fixtureEnv);
    expect(diagnostics).toEqual([]);
    expect(() => fixtureStrings.filter(predicate!)).not.toThrow();
  });

  it('the chain of 5,000 ids matches what each id alone matches', () => {
    const { predicate } = compile(longQueries.labels, 'strings', fixtureEnv);
    const anyLabel = compile('count of labels > 0', 'strings', fixtureEnv).predicate!;
    // Every fixture label id is below 5,000, so the chain is "has any label".
    expect(fixtureStrings.filter(predicate!)).toEqual(fixtureStrings.filter(anyLabel));
  });

  it('completes anywhere in the chain of 5,000 ids: label fields and titles inside, logic after it', () => {
    const text = longQueries.labels;
    const values = { labels: [{ id: 7, title: 'ui' }] };
    const labels = (pos: number, t = text) =>
      complete(t, pos, 'strings', values)?.items.map((i) => i.label) ?? [];
    // After an `or` deep inside, and after the last one: the fields of a label first.
    for (const pos of [text.indexOf(' or ', 30_000) + 4, text.lastIndexOf(' or ') + 4]) {
      expect(labels(pos).slice(0, 3), `at ${pos}`).toEqual(['id', 'title', 'is system']);
    }
    // The right side of `id = …`: the project's labels by title, inserting their id.
    const id = text.indexOf('id = 4321') + 5;
    expect(complete(text, id, 'strings', values)?.items[0]).toMatchObject({ label: 'ui', apply: '7' });
    expect(labels(text.indexOf('4321') + 5)).toEqual(['*', '/', '+', '-', 'and', 'or', 'xor']);
    // After the whole count has been compared.
    expect(labels(text.length + 1, text + ' ')).toEqual(['*', '/', '+', '-', 'and', 'or', 'xor']);
  });
});
