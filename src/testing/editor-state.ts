// An editor state with its whole syntax tree, for unit tests that read the tree of a state without a view.
// Building a state parses for at most 20 ms of wall time (CodeMirror's budget per update), and only a view
// parses further, in the background; a busy machine may not give the first parse those 20 ms.
import { ensureSyntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';

export function parsed(state: EditorState): EditorState {
  if (!ensureSyntaxTree(state, state.doc.length, 60_000)) throw new Error('the query did not parse in 60 s');
  return state.update({}).state; // the language field takes the finished tree
}
