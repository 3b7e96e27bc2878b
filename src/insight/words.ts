// Source words and characters of one string, counted the way the README's "Insight" section documents:
//   - plain text: the text as it is;
//   - a plural string (`{one, other, …}`): every form, added up (each form is text a translator writes);
//   - an ICU message: only its literal text (src/rows/icu.ts reads it). Argument names, types, styles and selector keys (`count`,
//     `plural`, `one`, `=0`, …) are syntax, not words; `#` is a placeholder; quoted literals ('{') are text.
// A word is a run of letters, digits, apostrophes, hyphens and underscores that starts with a letter or
// digit; in scripts written without spaces (Han, Hiragana, Katakana, Thai) each character is a word.
// Characters are Unicode code points of that same text, spaces included.
// Pure and allocation-light: it runs over every loaded row (src/bench/insight.bench.ts).
import { icuLiteralText } from '../rows/icu.ts';
import { isRecord } from '../wire/json.ts';

export interface TextSize {
  words: number;
  chars: number;
}

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const WORD_START = /[\p{L}\p{N}]/u;
const WORD_PART = /[\p{L}\p{N}\p{M}'’_-]/u;

/** Words and code points of plain text. */
export function measureText(text: string, into: TextSize = { words: 0, chars: 0 }): TextSize {
  let inWord = false;
  for (const ch of text) {
    into.chars++;
    const code = ch.charCodeAt(0);
    // ASCII fast path: the common case in most projects.
    if (code < 128) {
      const alnum = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
      if (inWord) inWord = alnum || code === 39 || code === 45 || code === 95;
      else if (alnum) {
        inWord = true;
        into.words++;
      }
      continue;
    }
    if (UNSPACED.test(ch)) {
      into.words++;
      inWord = false;
    } else if (inWord) inWord = WORD_PART.test(ch);
    else if (WORD_START.test(ch)) {
      inWord = true;
      into.words++;
    }
  }
  return into;
}

/**
 * Words and characters of a source string row of the API (`text`, `type`: text, plural, icu, asset).
 * A plural text arrives as an object of forms; an ICU text as one string.
 */
export function measureSource(
  text: unknown,
  type: unknown,
  into: TextSize = { words: 0, chars: 0 },
): TextSize {
  if (typeof text === 'string') {
    if (type !== 'icu') return measureText(text, into);
    for (const piece of icuLiteralText(text)) measureText(piece, into);
    return into;
  }
  if (isRecord(text)) {
    for (const form in text) {
      const value = text[form];
      if (typeof value === 'string') measureText(value, into);
    }
  }
  return into;
}
