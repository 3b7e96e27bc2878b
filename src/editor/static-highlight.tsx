// CroQL highlighted as the editor highlights it, for read-only text outside the editor (the builder's
// generated query): the same parser, the same token colours, no EditorView.
import { highlightCode } from '@lezer/highlight';
import { useMemo, type ReactNode } from 'react';
import { parser } from '../croql/parser.ts';
import { useDarkMode } from './color-scheme.ts';
import { darkHighlight, lightHighlight } from './theme.ts';

export function HighlightedCroql({ text, id }: { text: string; id?: string }) {
  const dark = useDarkMode();
  const style = dark ? darkHighlight : lightHighlight;
  const nodes = useMemo(() => {
    // The style's rules live in a style-mod module that the editor mounts; mount it here too (idempotent).
    // Its class is reached through the instance: style-mod is CodeMirror's dependency, not ours.
    const module = style.module as { constructor: { mount(root: Document, m: unknown): void } } | null;
    module?.constructor.mount(document, module);
    const out: ReactNode[] = [];
    highlightCode(
      text,
      parser.parse(text),
      style,
      (code, classes) =>
        out.push(
          classes ? (
            <span key={out.length} className={classes}>
              {code}
            </span>
          ) : (
            code
          ),
        ),
      () => out.push('\n'),
    );
    return out;
  }, [text, style]);
  return (
    <pre className="croql-static" id={id} tabIndex={0} aria-label="Generated CroQL (read-only)">
      <code>{nodes}</code>
    </pre>
  );
}
