// Incremental parsing for hosts that keep a query between edits (the editor's lint, the language server):
// the tree of the new text from the tree of the old one, which analyze() then takes instead of parsing
// from scratch (`AnalyzeOptions.tree`, see parse-lezer.ts for when it is used).
import { TreeFragment, type ChangedRange, type Tree } from '@lezer/common';
import type { LRParser } from '@lezer/lr';
import { guardInput } from './parse-guards.ts';
import { markClean } from './parse-lezer.ts';
import { parser } from './parser.ts';

/**
 * Smaller tree buffers than Lezer's default (1024 nodes): a whole 2 KB query would fit in one buffer, and
 * Lezer never reuses a buffer in an incremental parse, so every edit would reparse all of it. With subtrees
 * of at most 128 nodes an edit reparses little more than the clause it is in. The tree's shape is the same.
 */
export const INCREMENTAL_BUFFER_LENGTH = 128;

/** The core's parser with those buffers (an editor configures its own language's parser the same way). */
export const incrementalParser: LRParser = parser.configure({ bufferLength: INCREMENTAL_BUFFER_LENGTH });

/** The one range where `before` and `after` differ, from their common start and end: O(length), no diff. */
export function changedRange(before: string, after: string): ChangedRange {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++;
  return { fromA: start, toA: before.length - end, fromB: start, toB: after.length - end };
}

/**
 * The tree of `text`, parsed with `using` from `previous` (a tree of the text before `changes`), or from
 * scratch without one. Undefined for text the input guards refuse (too long or too deep: analyze() refuses
 * it before any tree, and Lezer would spend time on it) and as soon as Lezer starts error recovery:
 * analyze() only takes error-free trees, so the rest would be wasted.
 */
export function reparse(
  using: LRParser,
  text: string,
  previous?: { tree: Tree; changes: readonly ChangedRange[] },
): Tree | undefined {
  if (guardInput(text).refused) return undefined;
  const fragments = previous
    ? TreeFragment.applyChanges(TreeFragment.addTree(previous.tree), previous.changes)
    : undefined;
  const parse = using.startParse(text, fragments);
  // `recovering` is internal to @lezer/lr's Parse (as in parse-lezer.ts). Without it (a Lezer that renamed
  // it) a finished tree is not known to be clean.
  const internals = parse as unknown as { recovering?: number };
  const observed = typeof internals.recovering === 'number';
  for (;;) {
    const tree = parse.advance();
    if (tree) {
      // A parse that fails at the end recovers in the step that finishes (as runLezer checks): that tree
      // is returned as before, with its error nodes, and the core's walk finds them.
      if (observed && (internals.recovering ?? 0) === 0) markClean(tree);
      return tree;
    }
    if ((internals.recovering ?? 0) > 0) return undefined;
  }
}
