// The Lezer tree lint hands to analyze() so the text is not parsed from scratch a second time per keystroke,
// and then to the language field (language.ts), which would otherwise parse the same edit again.
import { syntaxTree, syntaxTreeAvailable } from '@codemirror/language';
import type { EditorState, Transaction } from '@codemirror/state';
import type { ChangedRange, Tree } from '@lezer/common';
import { reparse } from '../croql/reparse.ts';
import { croqlParser, offerTree } from './language.ts';

/** The editor's own tree of a state, when it covers the whole document. */
export function treeOf(state: EditorState): Tree | undefined {
  if (!syntaxTreeAvailable(state, state.doc.length)) return undefined;
  const tree = syntaxTree(state);
  return tree.length === state.doc.length ? tree : undefined;
}

/**
 * The tree of a transaction's new text, parsed incrementally from the start state's tree (the transaction
 * extender that lints an edit runs before the language field has parsed it, and offers it the tree); see
 * the core's reparse().
 */
export function treeAfter(tr: Transaction, text: string): Tree | undefined {
  const before = treeOf(tr.startState);
  if (!before) return undefined;
  try {
    const changes: ChangedRange[] = [];
    tr.changes.iterChangedRanges((fromA, toA, fromB, toB) => changes.push({ fromA, toA, fromB, toB }));
    const tree = reparse(croqlParser, text, { tree: before, changes });
    if (tree) offerTree(tr.newDoc, tree);
    return tree;
  } catch {
    return undefined;
  }
}
