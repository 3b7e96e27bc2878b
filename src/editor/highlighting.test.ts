import { highlightTree, tags as t } from '@lezer/highlight';
import { describe, expect, it } from 'vitest';
import { parser } from '../croql/parser.ts';
import { classesOf, compactRanges } from './highlighting.ts';
import { darkHighlight, lightHighlight } from './theme.ts';

const invalid = lightHighlight.style([t.invalid])!;

/** Each character's classes, as the editor paints it from `ranges` ('' where no span). */
function paint(text: string, ranges: [number, number, string][]): string[] {
  const out = Array.from(text, () => '');
  for (const [from, to, style] of ranges) for (let i = from; i < to; i++) out[i] = style;
  return out;
}

function both(text: string, highlighter = lightHighlight) {
  const tree = parser.parse(text);
  const plain: [number, number, string][] = [];
  highlightTree(tree, highlighter, (from, to, style) => plain.push([from, to, style]));
  const compact: [number, number, string][] = [];
  // Each look's own underlined class stays tight (the two looks' classes differ).
  const tight = classesOf(highlighter, [t.invalid]);
  compactRanges(tree, highlighter, text, 0, text.length, tight, (from, to, style) =>
    compact.push([from, to, style]),
  );
  return { plain, compact };
}

const QUERIES = [
  'count of translations where (language = @language:"uk" and (count of approvals > 0 or count of votes > 0)) = 0',
  'identifier = "button.save" and id of file = 3',
  'is hidden   and\tnot is duplicate',
  'text contains "Save" and\n  (added between "2024-01-01" and "2024-02-01")\n  or context contains "menu"',
  'count of comments where (user = @user:"bob") > 0 and is hiden && x',
  '',
];

describe('syntax colours in fewer spans', () => {
  it.each(QUERIES)('colours every character the editor shows as CodeMirror would: %j', (text) => {
    for (const highlighter of [lightHighlight, darkHighlight]) {
      const { plain, compact } = both(text, highlighter);
      const before = paint(text, plain);
      const after = paint(text, compact);
      for (let i = 0; i < text.length; i++) {
        // A blank may take the colour of the token before it; every other character keeps its own.
        if (text[i] === ' ' || text[i] === '\t') continue;
        expect(after[i], `${JSON.stringify(text[i])} at ${i}`).toBe(before[i]);
      }
    }
  });

  it('never reaches into the next line, and keeps the ranges in order without overlap', () => {
    for (const text of QUERIES) {
      const { compact } = both(text);
      let end = 0;
      for (const [from, to] of compact) {
        expect(from).toBeGreaterThanOrEqual(end);
        expect(text.slice(from, to)).not.toContain('\n');
        end = to;
      }
    }
  });

  it('keeps an underlined (invalid) token to itself, its blanks unmarked', () => {
    const text = 'is hidden && is duplicate';
    const { plain, compact } = both(text);
    const marked = compact.filter(([, , style]) => style === invalid);
    expect(marked).toEqual(plain.filter(([, , style]) => style === invalid));
    expect(marked.map(([from, to]) => text.slice(from, to))).toEqual(['&&']);
  });

  it('joins a long one-line query into about half the elements (spans and the text between them)', () => {
    let text = 'is hidden';
    while (text.length < 2000) text += ` and ${QUERIES[0]} and ${QUERIES[1]}`;
    const { plain, compact } = both(text);
    const elements = (ranges: [number, number, string][]) => {
      let gaps = 0;
      let end = 0;
      for (const [from, to] of ranges) {
        if (from > end) gaps++;
        end = to;
      }
      return ranges.length + gaps + (end < text.length ? 1 : 0);
    };
    expect(elements(compact)).toBeLessThan(elements(plain) * 0.6);
  });
});
