import { describe, expect, it } from 'vitest';
import { format, stripSpans } from './format.ts';
import { parse } from './parse.ts';

describe('format', () => {
  it.each([
    ['IS   Hidden  AND  isDuplicate', 'is hidden and is duplicate'],
    ['a or b and c', 'a or (b and c)'],
    ['(a or b) and c', '(a or b) and c'],
    ['a xor b or c xor d', '(a xor b) or (c xor d)'],
    ['a and (b and c)', 'a and (b and c)'],
    ['((a and b)) and c', 'a and b and c'],
    ['x where y', 'x where (y)'],
    ['a of (b of c)', 'a of b of c'],
    ['(a of b) of c', '(a of b) of c'],
    ['a ≠ 1 OR b ≥ 2 or c ≤ 3', 'a != 1 or b >= 2 or c <= 3'],
    ['@User:"x" = user', '@user:"x" = user'],
    ['-(a*b) + (c - d)', '-(a * b) + (c - d)'],
    ['not (1 < 10)', 'not 1 < 10'],
    ['(not a) = b', '(not a) = b'],
    ['if a then b else (c or d)', 'if a then b else c or d'],
    ['if (if a then b else c) then d else e', 'if (if a then b else c) then d else e'],
    ['(a = b) = c', '(a = b) = c'],
    ["  added  between '2024-01-01'AND'today'  ", "added between '2024-01-01' and 'today'"],
    ['text = "a \\"q\\" \\\\"', 'text = "a \\"q\\" \\\\"'],
    ['Some Unknown   Name', 'Some Unknown Name'],
    ['partOfSpeach = "noun"', 'partOfSpeach = "noun"'],
    ['APPROVALSCOUNT >= 1', 'approvalsCount >= 1'],
    ['typeIsPlain', 'type is plain'],
  ])('%s → %s', (input, expected) => {
    expect(format(input)).toBe(expected);
    expect(format(expected)).toBe(expected);
    expect(stripSpans(parse(expected).ast!)).toEqual(stripSpans(parse(input).ast!));
  });

  it('writes ASCII spaces between words, whatever Unicode spaces separate them', () => {
    expect(format('is\u3000hidden\u2003and\u00a0max\u2009length\u202f>\u20021')).toBe(
      'is hidden and max length > 1',
    );
    // Inside quotes a space is part of the value and stays as written.
    expect(format('text\u2003=\u2003"a\u2003b"')).toBe('text = "a\u2003b"');
  });

  it('leaves text with syntax errors unchanged', () => {
    for (const text of ['(a', 'a ==  b', '"abc', '', '   ']) expect(format(text)).toBe(text);
  });

  it('formats text that has logic errors (unknown names) too, keeping the unknown name as written', () => {
    expect(format('Is  Hiden')).toBe('Is Hiden');
    expect(format('is  Hiden AND partOfSpeach of file = 1')).toBe('is Hiden and partOfSpeach of file = 1');
  });
});
