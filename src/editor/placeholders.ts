// Template placeholders in the editor: `{{name}}` marked as a parameter (not as the syntax error the
// grammar alone would see), and completion of the declared parameters after `{{`.
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { RangeSetBuilder } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { placeholderPrefixAt } from '../croql/index.ts';
import { findPlaceholders } from '../croql/index.ts';
import { croqlConfig } from './config.ts';

const mark = Decoration.mark({ class: 'cm-croql-placeholder' });

function decorations(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const p of findPlaceholders(view.state.doc.toString())) builder.add(p.from, p.to, mark);
  return builder.finish();
}

const plugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorations(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged) this.decorations = decorations(update.view);
    }
  },
  { decorations: (v) => v.decorations },
);

const theme = EditorView.baseTheme({
  '.cm-croql-placeholder': {
    borderRadius: '3px',
    padding: '0 1px',
    backgroundColor: 'rgba(37, 99, 235, 0.12)',
    outline: '1px solid rgba(37, 99, 235, 0.45)',
    fontWeight: '600',
  },
  // The grammar sees `{{` as an error; inside a placeholder that mark is not the user's mistake.
  '.cm-croql-placeholder *': { textDecoration: 'none' },
});

export const placeholderHighlight = [plugin, theme];

/** After `{{`: the declared parameters, each with its type. */
export function templateParamSource(context: CompletionContext): CompletionResult | null {
  const at = placeholderPrefixAt(context.state.doc.toString(), context.pos);
  if (!at) return null;
  const params = context.state.field(croqlConfig).templateParams;
  if (params.length === 0) return null;
  const after = context.state.sliceDoc(context.pos, context.pos + 2);
  return {
    from: at.from,
    options: params.map((p) => ({
      label: `{{${p.name}}}`,
      detail: `${p.type} parameter`,
      type: 'variable',
      apply: after === '}}' ? `{{${p.name}` : `{{${p.name}}}`,
      boost: 50,
    })),
  };
}
