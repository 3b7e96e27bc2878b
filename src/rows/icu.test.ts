import { describe, expect, it } from 'vitest';
import { icuLiteralText, icuTokens, scanIcu } from './icu.ts';

const covered = (message: string) => {
  let at = 0;
  scanIcu(message, (_kind, from, to) => {
    expect(from).toBe(at);
    at = to;
  });
  return at;
};

describe('ICU messages, read once', () => {
  it('tells arguments, their types and plural keys apart from the text', () => {
    const tokens = icuTokens('{count, plural, =0 {No items} one {# item in {place}} other {# items}} left');
    const of = (kind: string) => tokens.filter((t) => t.kind === kind).map((t) => t.text);
    expect(of('argument')).toEqual(['count', 'place']);
    expect(of('keyword')).toEqual(['plural']);
    expect(of('selector')).toEqual(['=0', 'one', 'other']);
    expect(of('pound')).toEqual(['#', '#']);
    expect(of('text')).toEqual(['No items', ' item in ', ' items', ' left']);
  });

  it('reads select, offsets and styles, and quoted literals as text', () => {
    const tokens = icuTokens(
      "{gender, select, male {He} other {They}} paid {amount, number, ::currency/EUR} '{'x'}'",
    );
    expect(tokens.filter((t) => t.kind === 'selector').map((t) => t.text)).toEqual(['male', 'other']);
    expect(tokens.filter((t) => t.kind === 'keyword').map((t) => t.text)).toEqual([
      'select',
      'number',
      '::currency/EUR',
    ]);
    expect(tokens.at(-1)).toEqual({ kind: 'text', text: " '{'x'}'" });
    expect(
      icuTokens('{n, plural, offset:1 one {#} other {#}}').find((t) => t.text === 'offset:1')?.kind,
    ).toBe('keyword');
  });

  it('covers every character, also of a message that does not parse', () => {
    for (const m of [
      '{count, plural, one {# item',
      'a } b',
      "It''s",
      '{',
      "'{",
      '{a}{b}{c, select, x {{d}}}',
    ]) {
      expect(covered(m), m).toBe(m.length);
    }
  });

  it('gives the literal text for word counts (quotes resolved)', () => {
    const icu = '{count, plural, =0 {No items} one {# item in {place}} other {# items}} left';
    expect(icuLiteralText(icu)).toEqual(['No items', ' item in ', ' items', ' left']);
    expect(icuLiteralText("It''s '{literal}'")).toEqual(["It's {literal}"]);
    expect(icuLiteralText('Hello, {name}!')).toEqual(['Hello, ', '!']);
  });
});
