// Semantic tokens from the grammar's own highlighting tags (src/croql/highlight.ts, the editor's colours),
// so a name, keyword or literal is coloured in an editor as in the playground. The parse is the core's
// Lezer parser, run only on text the input guards let through (analysis.ts: they bound its work).
import { highlightTree, tagHighlighter, tags as t } from '@lezer/highlight';
import {
  SemanticTokensBuilder,
  type SemanticTokens,
  type SemanticTokensLegend,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parser } from '../croql/parser.ts';
import type { Analysis } from './analysis.ts';
import { hostEnd, toHost } from './region.ts';

const TYPES = ['keyword', 'operator', 'property', 'number', 'string', 'variable'] as const;
const MODIFIERS = ['datetime', 'invalid'] as const;

export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TYPES], tokenModifiers: [...MODIFIERS] };

/** Each tag's token type and modifiers, as `type` or `type.modifier` (the highlighter's class). */
const highlighter = tagHighlighter([
  { tag: t.propertyName, class: 'property' },
  { tag: t.number, class: 'number' },
  { tag: t.string, class: 'string' },
  { tag: t.special(t.string), class: 'string.datetime' },
  { tag: t.special(t.variableName), class: 'variable' },
  { tag: [t.logicOperator, t.operatorKeyword, t.controlKeyword], class: 'keyword' },
  { tag: [t.compareOperator, t.arithmeticOperator], class: 'operator' },
  { tag: t.invalid, class: 'operator.invalid' },
]);

function encode(cls: string): { type: number; modifiers: number } {
  const [type, modifier] = cls.split(' ')[0]!.split('.');
  const index = TYPES.indexOf(type as (typeof TYPES)[number]);
  const mod = modifier ? 1 << MODIFIERS.indexOf(modifier as (typeof MODIFIERS)[number]) : 0;
  return { type: index, modifiers: mod };
}

export function semanticTokens(document: TextDocument, analysis: Analysis): SemanticTokens {
  const builder = new SemanticTokensBuilder();
  for (const { region, refused } of analysis.regions) {
    if (refused) continue;
    const tree = parser.parse(region.text);
    const spans: { from: number; to: number; cls: string }[] = [];
    highlightTree(tree, highlighter, (from, to, cls) => spans.push({ from, to, cls }));
    for (const { from, to, cls } of spans) {
      const { type, modifiers } = encode(cls);
      if (type < 0) continue;
      const start = toHost(region, from);
      const end = to > from ? hostEnd(region, to) : start;
      // A token over several lines (a string with a line break in it) is sent one line at a time.
      let pos = document.positionAt(start);
      const last = document.positionAt(end);
      while (pos.line < last.line) {
        const lineEnd = document.offsetAt({ line: pos.line + 1, character: 0 }) - 1;
        const length = lineEnd - document.offsetAt(pos);
        if (length > 0) builder.push(pos.line, pos.character, length, type, modifiers);
        pos = { line: pos.line + 1, character: 0 };
      }
      if (last.character > pos.character) {
        builder.push(pos.line, pos.character, last.character - pos.character, type, modifiers);
      }
    }
  }
  return builder.build();
}
