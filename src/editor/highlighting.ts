// Syntax colours in as few elements as the text allows. CodeMirror's own highlighter gives every token a span
// and leaves the spaces between tokens as text nodes of their own; in a long one-line query each of them is
// one more inline box Chromium lays out again on every keystroke (README, "Benchmarks": most of the 2 KB
// query's keystroke cost was its spans). Here a token's span also holds the blanks after it, and one span
// holds tokens of one colour with only blanks between them ("count of"). Nothing shows it: a blank has no
// colour. A style that marks the text itself (the invalid token's underline) keeps its span to the token.
import { syntaxTree, type HighlightStyle } from '@codemirror/language';
import { Prec, RangeSetBuilder, type Extension } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import type { Tree } from '@lezer/common';
import { highlightTree, type Highlighter, type Tag } from '@lezer/highlight';

/** Spaces and tabs, not line breaks: a span never reaches into the next line. */
const isBlank = (code: number) => code === 32 || code === 9;

/**
 * The styled ranges of `tree` between `from` and `to` (`text` is the document's text there), in order,
 * joined and widened over blanks as the header says, each passed to `emit`. `tight`: the classes whose
 * range must stay the token's own.
 */
export function compactRanges(
  tree: Tree,
  highlighter: Highlighter,
  text: string,
  from: number,
  to: number,
  tight: ReadonlySet<string>,
  emit: (from: number, to: number, style: string) => void,
): void {
  /** The end of the blanks from `pos` on, at most `limit`. */
  const blanksTo = (pos: number, limit: number) => {
    while (pos < limit && isBlank(text.charCodeAt(pos - from))) pos++;
    return pos;
  };
  // The range not yet emitted: it may still grow over the blanks and tokens of its style that follow.
  let openFrom = -1;
  let openTo = -1;
  let openStyle = '';
  const close = (limit: number) => {
    if (openFrom < 0) return;
    emit(openFrom, tight.has(openStyle) ? openTo : blanksTo(openTo, limit), openStyle);
    openFrom = -1;
  };
  highlightTree(
    tree,
    highlighter,
    (start, end, style) => {
      if (openFrom >= 0 && style === openStyle && !tight.has(style) && blanksTo(openTo, start) === start) {
        openTo = end;
        return;
      }
      close(start);
      openFrom = start;
      openTo = end;
      openStyle = style;
    },
    from,
    to,
  );
  close(to);
}

/** The classes `highlighter` gives `tags`, each tag on its own: the `tight` set of compactRanges. */
export function classesOf(highlighter: Highlighter, tags: readonly Tag[]): Set<string> {
  return new Set(tags.flatMap((tag) => highlighter.style([tag]) ?? []));
}

/**
 * `style`'s colours on the syntax tree, as CodeMirror's `syntaxHighlighting(style)` gives them (its CSS, the
 * visible ranges, rebuilt when the tree or the viewport changes, the same precedence), in fewer elements.
 * `tight`: the tags whose span must cover the token alone.
 */
export function compactHighlighting(style: HighlightStyle, tight: readonly Tag[]): Extension {
  const tightSet = classesOf(style, tight);
  const marks = new Map<string, Decoration>();
  const markOf = (cls: string) => {
    let mark = marks.get(cls);
    if (!mark) marks.set(cls, (mark = Decoration.mark({ class: cls })));
    return mark;
  };
  const build = (view: EditorView, tree: Tree): DecorationSet => {
    if (!tree.length) return Decoration.none;
    const builder = new RangeSetBuilder<Decoration>();
    for (const { from, to } of view.visibleRanges) {
      const text = view.state.doc.sliceString(from, to);
      compactRanges(tree, style, text, from, to, tightSet, (start, end, cls) =>
        builder.add(start, end, markOf(cls)),
      );
    }
    return builder.finish();
  };
  const plugin = ViewPlugin.fromClass(
    class {
      tree: Tree;
      decorations: DecorationSet;
      /** Where the decorations reach (the viewport's end when they were built). */
      decoratedTo: number;
      constructor(view: EditorView) {
        this.tree = syntaxTree(view.state);
        this.decorations = build(view, this.tree);
        this.decoratedTo = view.viewport.to;
      }
      update(update: ViewUpdate) {
        const tree = syntaxTree(update.state);
        const { viewport } = update.view;
        const decoratedTo = update.changes.mapPos(this.decoratedTo, 1);
        // While the parser has not reached the viewport's end, the colours move with the edit rather than
        // vanish past the parsed part (as CodeMirror's own highlighter does); they are rebuilt when it has.
        if (tree.length < viewport.to && tree.type === this.tree.type && decoratedTo >= viewport.to) {
          this.decorations = this.decorations.map(update.changes);
          this.decoratedTo = decoratedTo;
        } else if (tree !== this.tree || update.viewportChanged) {
          this.tree = tree;
          this.decorations = build(update.view, tree);
          this.decoratedTo = viewport.to;
        }
      }
    },
    { decorations: (v) => v.decorations },
  );
  return [style.module ? EditorView.styleModule.of(style.module) : [], Prec.high(plugin)];
}
