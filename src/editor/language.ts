// The CroQL language for CodeMirror: the core's Lezer parser (its highlighting tags come with it), and one
// parse per keystroke. Lint parses an edit first (it lints in the edit's own transaction, before the
// language's state field sees it, lint-tree.ts); the language field then takes that very tree instead of
// parsing the same change again.
import {
  DocInput,
  Language,
  LanguageSupport,
  defineLanguageFacet,
  languageDataProp,
} from '@codemirror/language';
import type { Text } from '@codemirror/state';
import { Parser, type Input, type PartialParse, type Tree, type TreeFragment } from '@lezer/common';
import type { LRParser } from '@lezer/lr';
import { parser } from '../croql/parser.ts';
import { INCREMENTAL_BUFFER_LENGTH } from '../croql/reparse.ts';

const data = defineLanguageFacet({ closeBrackets: { brackets: ['(', '"', "'"] } });

/**
 * The editor's parser (what LRLanguage.define would make): small buffers so an edit reparses little (see
 * the core's reparse.ts), and the language data on the top node. Lint and completion parse with it, so
 * their trees are the editor's own kind.
 */
export const croqlParser: LRParser = parser.configure({
  bufferLength: INCREMENTAL_BUFFER_LENGTH,
  props: [languageDataProp.add((type) => (type.isTop ? data : undefined))],
});

/**
 * The last whole document parsed ahead of the language field, and its tree. Compared by content: the
 * transaction that carries lint's effects applies the changes again, to a new Text of the same content
 * (Text.eq skips the subtrees both share, so the comparison costs about the edited leaf).
 */
let parsedAhead: { doc: Text; tree: Tree } | null = null;

/** Hands the language field the tree of `doc` made with croqlParser, so it does not parse `doc` again. */
export function offerTree(doc: Text, tree: Tree): void {
  parsedAhead = tree.length === doc.length ? { doc, tree } : null;
}

/** A parse that is already done. */
class DoneParse implements PartialParse {
  readonly stoppedAt = null;
  constructor(private readonly tree: Tree) {}
  get parsedPos() {
    return this.tree.length;
  }
  advance() {
    return this.tree;
  }
  stopAt() {}
}

/** croqlParser, except that a document lint has just parsed is answered with lint's tree. */
class SharedParser extends Parser {
  createParse(
    input: Input,
    fragments: readonly TreeFragment[],
    ranges: readonly { from: number; to: number }[],
  ): PartialParse {
    const whole = ranges.length === 1 && ranges[0]!.from === 0 && ranges[0]!.to === input.length;
    const ahead = parsedAhead;
    if (whole && ahead && input instanceof DocInput && ahead.doc.length === input.doc.length) {
      parsedAhead = null;
      if (ahead.doc.eq(input.doc)) return new DoneParse(ahead.tree);
    }
    return croqlParser.startParse(input, fragments, ranges);
  }
}

export const croqlLanguage = new Language(data, new SharedParser(), [], 'croql');

export function croql(): LanguageSupport {
  return new LanguageSupport(croqlLanguage);
}
