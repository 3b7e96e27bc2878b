// The external tokenizer of the grammar: case-insensitive keywords and multi-word field names.
// A name is a run of words that are not keywords. Where a run starts with a known name and the rest of
// it also starts with a known name (`is hidden is duplicate`), it is split there, so a missing operator is
// reported where it is missing; otherwise the whole run is one name, so a misspelling (`is hiden`,
// `type is plainn`) stays one identifier that the checker can suggest a correction for.
import { ExternalTokenizer, type InputStream } from '@lezer/lr';
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

/**
 * The keywords and foreign operator words as a trie over lowercase letters, so that a word is classified as
 * it is read, without building its text: most words are names of one word, whose text the tokenizer never
 * needs. A node's `term` is the keyword's term, UnknownWordOp, or 0 where no such word ends.
 */
interface TrieNode {
  next: (TrieNode | null)[];
  term: number;
}

const trieNode = (): TrieNode => ({ next: new Array<TrieNode | null>(26).fill(null), term: 0 });
const TRIE = trieNode();
for (const [word, term] of [
  ...[...UNKNOWN_OPERATOR_WORDS].map((w): [string, number] => [w, UnknownWordOp]),
  // Keywords last: a keyword wins over a foreign word of the same spelling, as in the lookups before.
  ...Object.entries(KEYWORDS),
]) {
  let node = TRIE;
  for (let i = 0; i < word.length; i++) {
    const k = word.charCodeAt(i) - 97;
    if (k < 0 || k >= 26) throw new Error(`keyword ${word} is not lowercase letters`);
    node = node.next[k] ??= trieNode();
  }
  node.term = term;
}

/** The term of the word scanWord read last (set there instead of returning a pair, which would allocate). */
let scannedTerm = 0;

/**
 * The end of the word at `start` (relative to the token start); sets scannedTerm to its keyword's term,
 * UnknownWordOp for a foreign operator word, or 0 for a word of a name. Case-insensitive.
 */
function scanWord(input: InputStream, start: number): number {
  let node: TrieNode | null = TRIE;
  let end = start;
  for (let c = input.peek(end); isWordChar(c); c = input.peek(++end)) {
    if (node === null) continue;
    const k = (c | 0x20) - 97; // ASCII letters lowercased; digits and `_` fall outside 0–25
    node = k >= 0 && k < 26 ? node.next[k]! : null;
  }
  scannedTerm = node === null ? 0 : node.term;
  return end;
}

/** Where the words of the current run start and end (relative to the token start); reused by every call. */
const runStarts: number[] = [];
const runEnds: number[] = [];

export const words = new ExternalTokenizer((input) => {
  if (!isWordStart(input.next)) return;
  const firstEnd = scanWord(input, 0);
  if (scannedTerm !== 0) return input.acceptToken(scannedTerm, firstEnd);

  let count = 1;
  runStarts[0] = 0;
  runEnds[0] = firstEnd;
  let offset = firstEnd;
  for (;;) {
    let next = offset;
    while (isSpace(input.peek(next))) next++;
    if (next === offset || !isWordStart(input.peek(next))) break;
    const end = scanWord(input, next);
    if (scannedTerm !== 0) break;
    runStarts[count] = next;
    runEnds[count] = end;
    count++;
    offset = end;
  }
  if (count === 1) return input.acceptToken(Identifier, firstEnd);
  const run: string[] = [];
  for (let i = 0; i < count; i++) run.push(wordText(input, runStarts[i]!, runEnds[i]!));
  input.acceptToken(Identifier, runEnds[splitPoint(run) - 1]!);
});

/** The lowercased text of the word at [start, end) relative to the token start. */
function wordText(input: InputStream, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(input.peek(i));
  return text.toLowerCase();
}

/** How many words of the run form the name. */
function splitPoint(run: string[]): number {
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
function joined(run: string[], from: number, to: number): string {
  let text = run[from]!;
  for (let i = from + 1; i < to; i++) text += ' ' + run[i]!;
  return text;
}
