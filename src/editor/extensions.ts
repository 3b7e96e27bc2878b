// The editor's extensions, assembled once. Everything that changes later goes through a compartment
// (theme) or a state effect (config, server diagnostics).
import {
  acceptCompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching } from '@codemirror/language';
import { lintKeymap } from '@codemirror/lint';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightSpecialChars,
  keymap,
  placeholder,
  tooltips,
} from '@codemirror/view';
import { croqlKeymap } from './commands.ts';
import { croqlAutocompletion } from './completion.ts';
import {
  croqlConfig,
  DEFAULT_CONFIG,
  serverDiagnosticsField,
  setCroqlConfig,
  type CroqlConfig,
} from './config.ts';
import { croqlHover } from './hover.ts';
import { placeholderHighlight } from './placeholders.ts';
import { croql } from './language.ts';
import { croqlLinter } from './lint.ts';
import { themeFor } from './theme.ts';

export const themeCompartment = new Compartment();

export const EDITOR_LABEL = 'CroQL query';

/** The language features, without view chrome: what tests put in a bare EditorState. */
export function croqlFeatures(): Extension {
  return [
    croql(),
    croqlConfig,
    serverDiagnosticsField,
    croqlLinter(),
    croqlAutocompletion(),
    croqlHover,
    placeholderHighlight,
  ];
}

export function editorExtensions(options: {
  dark: boolean;
  onChange: (text: string) => void;
  describedBy?: string;
  /** The text box's name, when a page has several editors (default EDITOR_LABEL). */
  label?: string;
}): Extension {
  return [
    croqlFeatures(),
    history(),
    drawSelection(),
    highlightSpecialChars(),
    bracketMatching(),
    closeBrackets(),
    EditorView.lineWrapping,
    placeholder('e.g. text contains "Save" and not is hidden'),
    EditorView.contentAttributes.of({
      'aria-label': options.label ?? EDITOR_LABEL,
      'aria-multiline': 'true',
      ...(options.describedBy ? { 'aria-describedby': options.describedBy } : {}),
    }),
    croqlKeymap,
    // Tab accepts an open completion; otherwise it is not bound (no indentWithTab) and moves focus out of
    // the editor. Escape closes completion or leaves a snippet first.
    keymap.of([
      { key: 'Tab', run: acceptCompletion },
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...historyKeymap,
      ...completionKeymap,
      ...lintKeymap,
    ]),
    // Tooltips get no room above the editor's top edge: the lint tooltip opens above its line, where it
    // covered the tabs and the target pickers; with no room left it opens below the line instead.
    tooltips({ tooltipSpace: belowEditorTop }),
    themeCompartment.of(themeFor(options.dark)),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) options.onChange(update.state.doc.toString());
    }),
  ];
}

function belowEditorTop(view: EditorView) {
  const top = Math.max(0, view.dom.getBoundingClientRect().top);
  return { top, left: 0, right: document.documentElement.clientWidth, bottom: innerHeight };
}

export function createEditorState(
  doc: string,
  config: Partial<CroqlConfig>,
  extensions: Extension,
): EditorState {
  const state = EditorState.create({ doc, extensions });
  return state.update({ effects: setCroqlConfig.of({ ...DEFAULT_CONFIG, ...config }) }).state;
}
