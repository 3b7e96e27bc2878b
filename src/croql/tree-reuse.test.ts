import { TreeFragment, type Tree } from '@lezer/common';
import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { corpusLanguages, corpusUsers, specQueries } from './corpus.ts';
import { parse } from './parse.ts';
import { parser } from './parser.ts';

const options = { users: corpusUsers, languages: corpusLanguages, edition: 'standard' as const };

/** Small buffers, as the editor configures them, so that incremental parses reuse subtrees. */
const editorParser = parser.configure({ bufferLength: 16 });

/** The tree an editor would hold after typing: `text` minus one character, then that character typed back. */
function incrementalTree(text: string, at: number): Tree {
  const shorter = text.slice(0, at) + text.slice(at + 1);
  const old = editorParser.parse(shorter);
  const fragments = TreeFragment.applyChanges(TreeFragment.addTree(old), [
    { fromA: at, toA: at, fromB: at, toB: at + 1 },
  ]);
  return editorParser.parse(text, fragments);
}

const invalidQueries = [
  'is hiden and text contains "x"',
  'text contains',
  'count of translations where (text = "a" > 0',
  'text = "a")',
  '(((((',
  'text = = = "a" and and or not',
  'identifier = "a" && id = 3',
  'text contains "unterminated',
  'id between 1 2',
  Array.from({ length: 40 }, (_, i) => `id = ${i} and and`).join(' '),
  '('.repeat(80) + 'id = 1' + ')'.repeat(80),
  'id = 1 ' + 'and id = 1 '.repeat(600),
  '',
  '   ',
];

const cases = [
  ...specQueries.map((q) => [q.text, q.context] as const),
  ...invalidQueries.map((text) => [text, 'strings' as const] as const),
];

/** What a caller sees of an analysis (the model's node map is keyed by these very AST nodes). */
const seen = (r: ReturnType<typeof analyze>) => ({ ast: r.ast, diagnostics: r.diagnostics, valid: r.valid });

describe('analyze with a tree the caller already has', () => {
  it.each(cases)('gives the same result for %s', (text, context) => {
    const expected = seen(analyze(text, context, options));
    expect(seen(analyze(text, context, { ...options, tree: parser.parse(text) }))).toEqual(expected);
    for (const at of [0, Math.floor(text.length / 2), Math.max(0, text.length - 1)]) {
      expect(seen(analyze(text, context, { ...options, tree: incrementalTree(text, at) }))).toEqual(expected);
    }
  });

  it('ignores a tree that does not span the text', () => {
    const text = 'is hidden and id = 3';
    const expected = seen(analyze(text, 'strings', options));
    expect(seen(analyze(text, 'strings', { ...options, tree: parser.parse('is hidden') }))).toEqual(expected);
  });
});

describe('parse with a tree', () => {
  it('reuses an error-free tree and reparses when the tree has errors', () => {
    const clean = parser.parse('is hidden and id = 3');
    expect(parse('is hidden and id = 3', clean).tree).toBe(clean);
    const broken = parser.parse('is hidden and');
    expect(parse('is hidden and', broken).tree).not.toBe(broken);
  });
});
