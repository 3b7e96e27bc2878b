import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { checkedModel } from './checked-model.ts';
import { specQueries } from './corpus.ts';
import { changedRange, incrementalParser, reparse } from './reparse.ts';

const seen = (r: ReturnType<typeof analyze>) => ({ ast: r.ast, diagnostics: r.diagnostics, valid: r.valid });

/** About 2 KB of spec queries, as a query file being edited. */
const long = specQueries
  .filter((q) => q.context === 'strings')
  .map((q) => `(${q.text})`)
  .join(' and\n')
  .slice(0, 4000)
  .replace(/ and\n[^\n]*$/, '');

describe('changedRange', () => {
  it.each([
    ['abc', 'abXc', { fromA: 2, toA: 2, fromB: 2, toB: 3 }],
    ['abXc', 'abc', { fromA: 2, toA: 3, fromB: 2, toB: 2 }],
    ['aaaa', 'aaa', { fromA: 3, toA: 4, fromB: 3, toB: 3 }],
    ['same', 'same', { fromA: 4, toA: 4, fromB: 4, toB: 4 }],
    ['', 'new', { fromA: 0, toA: 0, fromB: 0, toB: 3 }],
    ['id = 1', 'id = 22', { fromA: 5, toA: 6, fromB: 5, toB: 7 }],
  ])('%s → %s', (before, after, range) => {
    expect(changedRange(before, after)).toEqual(range);
  });
});

describe('reparse', () => {
  it('gives the tree and the analysis a fresh parse gives, edit after edit', () => {
    let text = long;
    let tree = reparse(incrementalParser, text)!;
    expect(tree).toBeDefined();
    // Typing, replacing and deleting at the end, the start and the middle of the query; each keeps it valid.
    const at = (t: string, what: string) => t.indexOf(what, t.length / 2);
    const edits: ((t: string) => string)[] = [
      (t) => t + ' and id != 7',
      (t) => 'is hidden and ' + t,
      (t) => t.replace('"uk"', '"de"'),
      (t) => t.slice(0, at(t, ' and\n')) + ' and not is hidden' + t.slice(at(t, ' and\n')),
      (t) => t.slice('is hidden and '.length),
    ];
    for (const edit of edits) {
      const next = edit(text);
      const made = reparse(incrementalParser, next, { tree, changes: [changedRange(text, next)] });
      expect(made?.toString()).toBe(incrementalParser.parse(next).toString());
      expect(seen(analyze(next, 'strings', { tree: made }))).toEqual(seen(analyze(next, 'strings')));
      tree = made!;
      text = next;
    }
  });

  it('gives up on text with syntax errors and on text the input guards refuse', () => {
    expect(reparse(incrementalParser, 'is hidden and and id = 1')).toBeUndefined();
    expect(reparse(incrementalParser, '('.repeat(100) + 'id = 1' + ')'.repeat(100))).toBeUndefined();
    expect(reparse(incrementalParser, 'is hidden and '.repeat(6000))).toBeUndefined();
  });
});

describe('the checked-model memo parses from its newest tree', () => {
  it('answers each edit of a long query as a fresh analysis would, errors and all', () => {
    const texts = [
      long,
      long + ' and id != 7',
      long + ' and id != 77',
      long + ' and id != ',
      long + ' and is hiden',
      'is hidden and ' + long,
      long.replace('"uk"', '"de"'),
    ];
    for (const text of texts) {
      const model = checkedModel(text, 'strings', {}, [], new Date());
      expect(seen(model), text.slice(-20)).toEqual(seen(analyze(text, 'strings')));
    }
  });
});
