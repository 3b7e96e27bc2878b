// The external tokenizer of the grammar: case-insensitive keywords and multi-word field names.
// A name is a run of words that are not keywords. Where a run starts with a known name and the rest of
// it also starts with a known name (`is hidden is duplicate`), it is split there, so a missing operator is
// reported where it is missing; otherwise the whole run is one name, so a misspelling (`is hiden`,
// `type is plainn`) stays one identifier that the checker can suggest a correction for.
import { ExternalTokenizer } from '@lezer/lr';
import {
  And,
  Between,
  Contains,
  Else,
  Identifier,
  If,
  Not,
  Of,
  Or,
  Then,
  UnknownWordOp,
  Where,
  With,
  Xor,
} from './parser.terms.ts';
import { FOREIGN_OPERATOR_WORDS } from './operators.ts';
import { allFieldNames } from './schema.ts';

/** Keyword → term. Without a prototype, so `constructor` and `__proto__` are not keywords. */
export const KEYWORDS: Readonly<Record<string, number>> = Object.assign(Object.create(null) as object, {
  and: And,
  or: Or,
  xor: Xor,
  not: Not,
  of: Of,
  where: Where,
  with: With,
  between: Between,
  contains: Contains,
  if: If,
  then: Then,
  else: Else,
});

/** Words that are operators in other query languages (the operator table's): never part of a name. */
export const UNKNOWN_OPERATOR_WORDS: ReadonlySet<string> = FOREIGN_OPERATOR_WORDS;

export const isWordStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isWordChar = (c: number) => isWordStart(c) || (c >= 48 && c <= 57);
/**
 * Word separators: ASCII whitespace and every Unicode space separator (category Zs: the no-break, em,
 * thin, ideographic spaces, …). Must agree with the grammar's `space` token.
 */
export const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000;

interface Word {
  text: string;
  /** Offset just after the word, relative to the token start. */
  end: number;
}

export const words = new ExternalTokenizer((input) => {
  if (!isWordStart(input.next)) return;
  const first = readWord(input, 0);
  const keyword = KEYWORDS[first.text];
  if (keyword !== undefined) return input.acceptToken(keyword, first.end);
  if (UNKNOWN_OPERATOR_WORDS.has(first.text)) return input.acceptToken(UnknownWordOp, first.end);

  const run: Word[] = [first];
  let offset = first.end;
  for (;;) {
    let next = offset;
    while (isSpace(input.peek(next))) next++;
    if (next === offset || !isWordStart(input.peek(next))) break;
    const word = readWord(input, next);
    if (KEYWORDS[word.text] !== undefined || UNKNOWN_OPERATOR_WORDS.has(word.text)) break;
    run.push(word);
    offset = word.end;
  }
  input.acceptToken(Identifier, run[splitPoint(run) - 1]!.end);
});

function readWord(input: { peek(offset: number): number }, start: number): Word {
  let end = start;
  let text = '';
  for (let c = input.peek(end); isWordChar(c); c = input.peek(++end)) text += String.fromCharCode(c);
  return { text: text.toLowerCase(), end };
}

/** How many words of the run form the name. */
function splitPoint(run: Word[]): number {
  if (run.length === 1) return 1;
  const known = allFieldNames();
  if (known.has(joined(run, 0, run.length))) return run.length;
  for (let k = run.length - 1; k >= 1; k--) {
    if (!known.has(joined(run, 0, k))) continue;
    for (let m = k + 1; m <= run.length; m++) if (known.has(joined(run, k, m))) return k;
  }
  return run.length;
}

/** Words `from` to `to` of the run, one space apart. (A function of its own, not a closure made per token.) */
function joined(run: Word[], from: number, to: number): string {
  let text = run[from]!.text;
  for (let i = from + 1; i < to; i++) text += ' ' + run[i]!.text;
  return text;
}
