// The Lezer tree lint hands to analyze() so the text is not parsed from scratch a second time per keystroke.
import { syntaxTree, syntaxTreeAvailable } from '@codemirror/language';
import type { EditorState, Transaction } from '@codemirror/state';
import { TreeFragment, type ChangedRange, type Tree } from '@lezer/common';
import { croqlLanguage } from './language.ts';

/** Beyond the core's own length limit analyze() never looks at a tree, so none is built. */
const MAX_REUSE_LENGTH = 65536;

/** The editor's own tree of a state, when it covers the whole document. */
export function treeOf(state: EditorState): Tree | undefined {
  if (!syntaxTreeAvailable(state, state.doc.length)) return undefined;
  const tree = syntaxTree(state);
  return tree.length === state.doc.length ? tree : undefined;
}

/**
 * The tree of a transaction's new text, parsed incrementally from the start state's tree (the transaction
 * extender that lints an edit runs before the language field has parsed it). Gives up as soon as Lezer
 * starts error recovery: analyze() only reuses error-free trees, so an erroneous one would be wasted work.
 */
export function treeAfter(tr: Transaction, text: string): Tree | undefined {
  if (text.length > MAX_REUSE_LENGTH) return undefined;
  const before = treeOf(tr.startState);
  if (!before) return undefined;
  try {
    const changed: ChangedRange[] = [];
    tr.changes.iterChangedRanges((fromA, toA, fromB, toB) => changed.push({ fromA, toA, fromB, toB }));
    const fragments = TreeFragment.applyChanges(TreeFragment.addTree(before), changed);
    const parse = croqlLanguage.parser.startParse(text, fragments);
    // `recovering` is internal to @lezer/lr's Parse (as in the core's parse.ts).
    const internals = parse as unknown as { recovering?: number };
    for (;;) {
      const tree = parse.advance();
      if (tree) return tree;
      if ((internals.recovering ?? 0) > 0) return undefined;
    }
  } catch {
    return undefined;
  }
}
