// A forgiving token scanner for the editor helpers (completion, hover). It follows the lexical rules of
// README.md's language reference and tokens.ts (keywords, multi-word names as word runs, literals, mentions) but works
// on half-typed text: unclosed strings and mentions are tokens too, and nothing is ever an error.
import { OPERATOR_SYMBOLS } from './operators.ts';
import { KEYWORDS, UNKNOWN_OPERATOR_WORDS, isSpace, isWordStart } from './tokens.ts';

export interface Word {
  text: string;
  from: number;
  to: number;
}

export type Token =
  | { kind: 'name'; from: number; to: number; words: Word[] }
  | { kind: 'keyword'; from: number; to: number; value: string }
  | { kind: 'number'; from: number; to: number }
  | { kind: 'string'; from: number; to: number; closed: boolean }
  | { kind: 'datetime'; from: number; to: number; closed: boolean }
  | {
      kind: 'mention';
      from: number;
      to: number;
      mentionKind: string;
      /** The quoted part, when a `:"` follows the kind. */
      quote: { from: number; to: number; closed: boolean } | null;
    }
  | { kind: 'op'; from: number; to: number; value: string }
  | { kind: 'lparen' | 'rparen'; from: number; to: number };

const isWordChar = (c: number) => isWordStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

function readWord(text: string, at: number): Word {
  let end = at;
  while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
  return { text: text.slice(at, end).toLowerCase(), from: at, to: end };
}

/** The end of a `"…"` literal starting at `at` (the quote), and whether it is closed. */
function readQuoted(text: string, at: number, quote: number): { to: number; closed: boolean } {
  let i = at + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === quote) return { to: i + 1, closed: true };
    if (c === 92 /* \ */ && quote === 34) i++;
    i++;
  }
  return { to: text.length, closed: false };
}

export function lex(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (isWordStart(c)) {
      const first = readWord(text, i);
      if (KEYWORDS[first.text] !== undefined || UNKNOWN_OPERATOR_WORDS.has(first.text)) {
        tokens.push({ kind: 'keyword', from: first.from, to: first.to, value: first.text });
        i = first.to;
        continue;
      }
      const words = [first];
      let end = first.to;
      for (;;) {
        let next = end;
        while (next < text.length && isSpace(text.charCodeAt(next))) next++;
        if (next === end || next >= text.length || !isWordStart(text.charCodeAt(next))) break;
        const w = readWord(text, next);
        if (KEYWORDS[w.text] !== undefined || UNKNOWN_OPERATOR_WORDS.has(w.text)) break;
        words.push(w);
        end = w.to;
      }
      tokens.push({ kind: 'name', from: i, to: end, words });
      i = end;
      continue;
    }
    if (isDigit(c)) {
      let end = i;
      while (end < text.length && isDigit(text.charCodeAt(end))) end++;
      if (text[end] === '.' && isDigit(text.charCodeAt(end + 1))) {
        end++;
        while (end < text.length && isDigit(text.charCodeAt(end))) end++;
      }
      tokens.push({ kind: 'number', from: i, to: end });
      i = end;
      continue;
    }
    if (c === 34 || c === 39) {
      const q = readQuoted(text, i, c);
      tokens.push({ kind: c === 34 ? 'string' : 'datetime', from: i, to: q.to, closed: q.closed });
      i = q.to;
      continue;
    }
    if (c === 64 /* @ */) {
      let end = i + 1;
      while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
      const mentionKind = text.slice(i + 1, end).toLowerCase();
      let quote: { from: number; to: number; closed: boolean } | null = null;
      if (text[end] === ':') {
        end++;
        if (text[end] === '"') {
          const q = readQuoted(text, end, 34);
          quote = { from: end, to: q.to, closed: q.closed };
          end = q.to;
        }
      }
      tokens.push({ kind: 'mention', from: i, to: end, mentionKind, quote });
      i = end;
      continue;
    }
    if (c === 40 || c === 41) {
      tokens.push({ kind: c === 40 ? 'lparen' : 'rparen', from: i, to: i + 1 });
      i++;
      continue;
    }
    const op = OPERATOR_SYMBOLS.find((o) => text.startsWith(o, i));
    const value = op ?? text[i]!;
    tokens.push({ kind: 'op', from: i, to: i + value.length, value });
    i += value.length;
  }
  return tokens;
}
