// Format (Shift-Alt-F) and Run (Mod-Enter).
import { closeCompletion } from '@codemirror/autocomplete';
import type { StateCommand } from '@codemirror/state';
import { keymap, type Command } from '@codemirror/view';
import { Prec } from '@codemirror/state';
import { format } from '../croql/index.ts';
import { croqlConfig } from './config.ts';

/** Replaces the text by its canonical layout; the cursor keeps its place relative to the end of the change. */
export const formatQuery: StateCommand = ({ state, dispatch }) => {
  const text = state.doc.toString();
  const formatted = format(text);
  const announce = state.field(croqlConfig).announce;
  if (formatted === text) {
    announce('Already formatted');
    return true;
  }
  // Only the differing middle is replaced, so undo and the cursor behave like a small edit.
  let start = 0;
  while (start < text.length && start < formatted.length && text[start] === formatted[start]) start++;
  let endOld = text.length;
  let endNew = formatted.length;
  while (endOld > start && endNew > start && text[endOld - 1] === formatted[endNew - 1]) {
    endOld--;
    endNew--;
  }
  dispatch(
    state.update({
      changes: { from: start, to: endOld, insert: formatted.slice(start, endNew) },
      userEvent: 'format',
      scrollIntoView: true,
    }),
  );
  announce('Formatted');
  return true;
};

export const runQuery: StateCommand = ({ state }) => {
  state.field(croqlConfig).onRun();
  return true;
};

/** Run from the keyboard: a completion list left open would cover the editor while the rows load. */
const runFromKeyboard: Command = (view) => {
  closeCompletion(view);
  return runQuery(view);
};

export const croqlKeymap = Prec.high(
  keymap.of([
    { key: 'Shift-Alt-f', run: formatQuery, preventDefault: true },
    { key: 'Mod-Enter', run: runFromKeyboard, preventDefault: true },
  ]),
);
