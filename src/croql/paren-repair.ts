// A misplaced `)`: when a query has errors, the one edit of a closing parenthesis that makes it check
// without error (moving it, or removing one that closes a group too early) names the real mistake. Without
// it, `count of translations where (language = @language:"uk" > 0) and is hidden` reads as a chained
// comparison and "`and` needs true or false", far from the parenthesis the person put in the wrong place.
import { lex, type Token } from './lex.ts';
import type { Diagnostic, Suggestion } from './types.ts';

/** Longer queries are not searched: each try is a full analysis, and lint runs on every keystroke. */
export const PAREN_REPAIR_MAX_LENGTH = 400;
const MAX_TRIES = 80;

/** `valid(text)`: whether the text checks without an error. */
export function misplacedParen(text: string, valid: (text: string) => boolean): Diagnostic | null {
  if (text.length > PAREN_REPAIR_MAX_LENGTH) return null;
  const tokens = lex(text);
  const closers = tokens.filter((t) => t.kind === 'rparen');
  if (closers.length === 0) return null;
  // The `(` each `)` closes, by position (a stray `)` closes nothing).
  const opener = new Map<number, Token>();
  const open: Token[] = [];
  const strays: Token[] = [];
  for (const t of tokens) {
    if (t.kind === 'lparen') open.push(t);
    else if (t.kind === 'rparen') {
      const o = open.pop();
      if (o) opener.set(t.from, o);
      else strays.push(t);
    }
  }
  let tries = 0;
  const works = (candidate: string) => ++tries <= MAX_TRIES && valid(candidate);

  if (strays.length === 1 && open.length === 0) {
    const stray = strays[0]!;
    // Removing the stray itself: the parser's own "closes nothing" already says so.
    if (works(without(text, stray))) return null;
    // An earlier `)` closed its group too early; the stray is where that group ends.
    for (const early of closers.filter((c) => c.from < stray.from).reverse()) {
      if (!works(without(text, early))) continue;
      const o = opener.get(early.from)!;
      return diagnostic(
        early,
        `This \`)\` closes the group ${openedAt(text, tokens, o)} too early, so the \`)\` after ` +
          `\`${before(text, tokens, stray)}\` closes nothing. Remove this one: the group then ends there.`,
        { label: 'Remove this `)`', from: early.from, to: early.to, insert: '' },
      );
    }
    return null;
  }
  if (strays.length > 0 || open.length > 0) return null;

  // Balanced: one `)` in the wrong place. Nearest places first, so the smallest move wins.
  for (const closer of closers) {
    const o = opener.get(closer.from)!;
    const places = tokens
      .filter((t) => t.to > o.to && t.from !== closer.from && t.to !== closer.from)
      .map((t) => t.to)
      .sort((a, b) => Math.abs(a - closer.from) - Math.abs(b - closer.from));
    for (const at of places) {
      const candidate = moved(text, closer, at);
      if (!works(candidate)) {
        if (tries >= MAX_TRIES) return null;
        continue;
      }
      const after = text.slice(0, at).trimEnd();
      const tail = lastToken(tokens, at);
      const from = Math.min(closer.from, at);
      const to = Math.max(closer.to, at);
      return diagnostic(
        closer,
        `This \`)\` is in the wrong place: the group ${openedAt(text, tokens, o)} should end after ` +
          `\`${tail ? text.slice(tail.from, tail.to) : after}\`.`,
        {
          label: `Move the \`)\` after \`${tail ? text.slice(tail.from, tail.to) : after}\``,
          from,
          to,
          insert: candidate.slice(from, candidate.length - (text.length - to)),
        },
      );
    }
  }
  return null;
}

function diagnostic(at: Token, message: string, suggestion: Suggestion): Diagnostic {
  return {
    code: 'croqlInvalidSyntax',
    reason: 'misplacedParen',
    message,
    severity: 'error',
    from: at.from,
    to: at.to,
    suggestions: [suggestion],
  };
}

const without = (text: string, t: Token) => text.slice(0, t.from) + text.slice(t.to);

/** The text with the `)` at `closer` moved to just after position `at`. */
function moved(text: string, closer: Token, at: number): string {
  const rest = without(text, closer);
  const where = at > closer.from ? at - (closer.to - closer.from) : at;
  return rest.slice(0, where) + ')' + rest.slice(where);
}

function lastToken(tokens: readonly Token[], end: number): Token | undefined {
  return tokens.find((t) => t.to === end);
}

/** The token just before `t`, as written. */
function before(text: string, tokens: readonly Token[], t: Token): string {
  const i = tokens.indexOf(t);
  const prev = i > 0 ? tokens[i - 1]! : null;
  return prev ? text.slice(prev.from, prev.to) : '';
}

/** "after `where`" / "at the start", for the `(` that opens a group. */
function openedAt(text: string, tokens: readonly Token[], open: Token): string {
  const prev = before(text, tokens, open);
  return prev ? `opened after \`${prev}\`` : 'opened at the start';
}
