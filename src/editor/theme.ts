// Light and dark looks: editor chrome plus token colours for the tags of src/croql/highlight.ts.
import { HighlightStyle } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';
import { compactHighlighting } from './highlighting.ts';

const lightColors = {
  keyword: '#7a3e9d',
  field: '#0b5cad',
  string: '#2f7a1f',
  datetime: '#a15c00',
  mention: '#b3245b',
  number: '#b35900',
  operator: '#4b5563',
  invalid: '#c62828',
};

const darkColors = {
  keyword: '#d7a6f5',
  field: '#8cc4ff',
  string: '#9fdc86',
  datetime: '#f2c06b',
  mention: '#ff8fb8',
  number: '#ffb26b',
  operator: '#c4c9d1',
  invalid: '#ff7a7a',
};

function highlightStyle(c: typeof lightColors): HighlightStyle {
  return HighlightStyle.define([
    // Keywords by colour alone, as VS Code's and GitHub's default themes show them: bold ones were a second
    // face in every keyword's span, about a millisecond of each keystroke in a 2 KB query (lint-latency bench).
    { tag: [t.logicOperator, t.operatorKeyword, t.controlKeyword], color: c.keyword },
    { tag: t.propertyName, color: c.field },
    { tag: t.string, color: c.string },
    { tag: t.special(t.string), color: c.datetime },
    { tag: t.special(t.variableName), color: c.mention, fontWeight: '600' },
    { tag: t.number, color: c.number },
    { tag: [t.compareOperator, t.arithmeticOperator, t.paren], color: c.operator },
    { tag: t.invalid, color: c.invalid, textDecoration: 'underline wavy' },
  ]);
}

const base = {
  '&': { fontSize: '14px', border: '1px solid var(--editor-border, #c7ccd4)', borderRadius: '6px' },
  '&.cm-focused': { outline: '2px solid var(--focus-ring, #2563eb)', outlineOffset: '1px' },
  '.cm-content': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    minHeight: '4.5em',
  },
  '.cm-scroller': { maxHeight: '40vh' },
  // Tooltips (hover, lint, completion) follow the page's light or dark palette (src/app/global.css).
  '.cm-tooltip': {
    backgroundColor: 'var(--surface, #ffffff)',
    color: 'var(--text, #1f2328)',
    border: '1px solid var(--border, #d0d7de)',
    borderRadius: '6px',
    boxShadow: '0 6px 18px rgb(0 0 0 / 0.16)',
    fontSize: '13px',
    maxWidth: 'min(460px, calc(100vw - 24px))',
  },
  '.cm-tooltip code': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: '12px',
    padding: '0 3px',
    borderRadius: '3px',
    backgroundColor: 'var(--surface-2, #f0f2f5)',
  },
  '.cm-placeholder': { color: 'var(--muted-text, #57606a)' },
  // The hover's own element, inside CodeMirror's .cm-tooltip wrapper.
  '.cm-croql-hover': { padding: '6px 8px' },
  '.cm-croql-hover-title': { fontWeight: '600', marginBottom: '4px' },
  '.cm-croql-hover-body': { whiteSpace: 'pre-line' },
  '.cm-diagnostic': { padding: '4px 8px', borderLeftWidth: '4px' },
  '.cm-diagnosticAction': { borderRadius: '4px', marginLeft: '6px' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--accent, #2563eb)',
    color: 'var(--accent-text, #ffffff)',
  },
  '.cm-completionInfo': { padding: '6px 8px' },
};

/** The token colours of each look, also used to highlight CroQL outside the editor (static-highlight.tsx). */
export const lightHighlight = highlightStyle(lightColors);
export const darkHighlight = highlightStyle(darkColors);

export const lightTheme: Extension = [
  EditorView.theme(
    { ...base, '&': { ...base['&'], backgroundColor: '#ffffff', color: '#1f2328' } },
    { dark: false },
  ),
  compactHighlighting(lightHighlight, [t.invalid]),
];

export const darkTheme: Extension = [
  EditorView.theme(
    {
      ...base,
      '&': { ...base['&'], backgroundColor: '#161b22', color: '#e6edf3', borderColor: '#30363d' },
      '.cm-cursor': { borderLeftColor: '#e6edf3' },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: '#264f78' },
      '.cm-gutters': { backgroundColor: '#161b22', color: '#8b949e', border: 'none' },
    },
    { dark: true },
  ),
  compactHighlighting(darkHighlight, [t.invalid]),
];

export const themeFor = (dark: boolean): Extension => (dark ? darkTheme : lightTheme);
