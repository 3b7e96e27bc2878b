// CroQL as a `--croql` argument of a command line (crowdin-cli's `string list --croql …`), in a shell
// script or a workflow's `run:` step: the word after `--croql` (or `--croql=`), quoted as POSIX shells
// quote: '…' keeps every character, "…" takes \" \\ \$ \` and a line continuation as escapes, and a bare
// word takes a backslash before any character. crowdin-cli sends its `--croql` to the strings listing.
import { MappedText, regionsOf, type Region } from './region.ts';

const FLAG = /(?<![\w-])--croql(?:=|[ \t]+)/g;
const WORD_END = /[\s;&|<>()]/;
const DOUBLE_ESCAPES = new Set(['"', '\\', '$', '`']);

type Quoting = 'single' | 'double' | 'bare';

/** The shell word starting at `at`, decoded: its characters, the piece each was written in, its end. */
function decodeWord(text: string, at: number) {
  const out = new MappedText();
  const quotings: Quoting[] = [];
  const of: number[] = [];
  /** Adds a character of the current piece, written over host [from, to). */
  const push = (char: string, from: number, to: number) => {
    out.push(char, from, to);
    while (of.length < out.kept) of.push(quotings.length - 1);
  };
  /** Starts a piece unless the last one has the same quoting (`\ ` and `a` are both bare). */
  const piece = (quoting: Quoting) => {
    if (quoting !== 'bare' || quotings[quotings.length - 1] !== 'bare') quotings.push(quoting);
  };
  let i = at;
  let end = at;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") {
      piece('single');
      let j = i + 1;
      for (; j < text.length && text[j] !== "'"; j++) push(text[j]!, j, j + 1);
      end = j;
      i = j + 1;
    } else if (c === '"') {
      piece('double');
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && text[j + 1] === '\n') j += 2;
        else if (text[j] === '\\' && DOUBLE_ESCAPES.has(text[j + 1]!)) {
          push(text[j + 1]!, j, j + 2);
          j += 2;
        } else {
          push(text[j]!, j, j + 1);
          j++;
        }
      }
      end = j;
      i = j + 1;
    } else if (WORD_END.test(c)) {
      break;
    } else if (c === '\\' && i + 1 < text.length) {
      piece('bare');
      if (text[i + 1] !== '\n') push(text[i + 1]!, i, i + 2);
      i += 2;
      end = i;
    } else {
      piece('bare');
      push(c, i, i + 1);
      i++;
      end = i;
    }
  }
  return { ...out.finish(Math.min(end, text.length)), of, quotings, wordEnd: Math.min(i, text.length) };
}

const ENCODERS: Record<Quoting, (query: string) => string> = {
  single: (q) => q.replace(/'/g, `'\\''`),
  double: (q) => q.replace(/["\\$`]/g, '\\$&'),
  // A backslash before a character keeps it, but before a line break it joins two lines (the break is
  // lost): a break is written quoted. One code point at a time (`u`): a backslash between the two halves of
  // a character outside the BMP would split it.
  bare: (q) => q.replace(/[^\w@%+=:,./-]/gu, (c) => (c === '\n' ? `'\n'` : `\\${c}`)),
};

/** The first `limit` queries; `more` counts the ones after them (found, not decoded). */
export function shellRegions(text: string, limit: number): { regions: Region[]; more: number } {
  return regionsOf(text, FLAG, limit, (m) => {
    const at = m.index + m[0].length;
    if (at >= text.length || /[\r\n]/.test(text[at]!)) return null;
    const word = decodeWord(text, at);
    const encoders = word.quotings.map((q) => ENCODERS[q]);
    return {
      listing: 'strings',
      text: word.text,
      start: word.map[0]!,
      map: word.map,
      ends: word.ends,
      encode: encoders[0] ?? ENCODERS.bare,
      cutLength: word.cutLength,
      pieces: {
        of: word.of,
        encoders,
        word: { from: at, to: word.wordEnd, write: (q) => `'${ENCODERS.single(q)}'` },
      },
      host: 'shell',
    };
  });
}
