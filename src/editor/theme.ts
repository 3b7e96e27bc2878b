// Light and dark looks: editor chrome plus token colours for the tags of src/croql/highlight.ts.
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';

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
    { tag: [t.logicOperator, t.operatorKeyword, t.controlKeyword], color: c.keyword, fontWeight: '600' },
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
  '.cm-tooltip.cm-croql-hover': { padding: '6px 8px', maxWidth: '420px' },
  '.cm-croql-hover-title': { fontWeight: '600', marginBottom: '4px' },
};

export const lightTheme: Extension = [
  EditorView.theme(
    { ...base, '&': { ...base['&'], backgroundColor: '#ffffff', color: '#1f2328' } },
    { dark: false },
  ),
  syntaxHighlighting(highlightStyle(lightColors)),
];

export const darkTheme: Extension = [
  EditorView.theme(
    {
      ...base,
      '&': { ...base['&'], backgroundColor: '#161b22', color: '#e6edf3', borderColor: '#30363d' },
      '.cm-cursor': { borderLeftColor: '#e6edf3' },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: '#264f78' },
      '.cm-gutters': { backgroundColor: '#161b22', color: '#8b949e', border: 'none' },
      '.cm-tooltip': { backgroundColor: '#1f2630', color: '#e6edf3', border: '1px solid #30363d' },
    },
    { dark: true },
  ),
  syntaxHighlighting(highlightStyle(darkColors)),
];

export const themeFor = (dark: boolean): Extension => (dark ? darkTheme : lightTheme);
