// What the tokens before the cursor say about its place in the syntax, for completion (complete.ts): the
// parentheses still open, an unfinished `between` or `if` in each, and the `(` that the last `)` closes. It
// reads tokens, as the text there is usually half-typed; `closers` finishes what is open so that the text
// parses whole, and completion reads types, fields and scopes from that text's checked model.
import type { Token } from './lex.ts';
import { FOREIGN_LOGIC } from './operators.ts';

/** One level of parentheses, the query itself being the outermost. */
export interface Group {
  /** The index of its `(` token (-1 for the query itself). */
  open: number;
  /** 1 after `between`, 2 after its `and`, 0 otherwise. */
  between: 0 | 1 | 2;
  /** The `if`s not yet given their `else`, outermost first: in their condition, or in their `then` part. */
  ifs: ('condition' | 'then')[];
}

export interface Syntax {
  /** The groups the cursor is in, the query first and the innermost last. */
  groups: Group[];
  /** When the last token is a `)`: the index of the `(` it closes. */
  closedFrom: number | null;
}

/** Keywords that end a clause: after them no comparison is in progress. */
const CLAUSE_KEYWORDS = new Set(['and', 'or', 'xor', 'not', 'if', 'then', 'else']);

export function scan(tokens: readonly Token[]): Syntax {
  const groups: Group[] = [{ open: -1, between: 0, ifs: [] }];
  let closedFrom: number | null = null;
  tokens.forEach((t, i) => {
    const group = groups[groups.length - 1]!;
    closedFrom = null;
    if (t.kind === 'lparen') groups.push({ open: i, between: 0, ifs: [] });
    else if (t.kind === 'rparen') {
      if (groups.length > 1) closedFrom = groups.pop()!.open;
    } else if (t.kind === 'op' && FOREIGN_LOGIC.has(t.value)) group.between = 0;
    else if (t.kind === 'keyword') keyword(group, t.value);
  });
  return { groups, closedFrom };
}

function keyword(group: Group, value: string) {
  if (value === 'between') group.between = 1;
  else if (value === 'and' && group.between === 1) group.between = 2;
  else if (CLAUSE_KEYWORDS.has(value)) group.between = 0;
  if (value === 'if') group.ifs.push('condition');
  else if (value === 'then' && group.ifs.at(-1) === 'condition') group.ifs[group.ifs.length - 1] = 'then';
  else if (value === 'else') group.ifs.pop();
}

/**
 * What finishes every open construct after the cursor, innermost first, so the text before the cursor parses
 * as a whole query: `and 0` for a `between` awaiting its `and`, `then 0 else 0` for an `if`, and `)`s.
 * `0` stands for any operand; the parts finished this way are never read.
 */
export function closers(syntax: Syntax): string {
  let out = '';
  for (let g = syntax.groups.length - 1; g >= 0; g--) {
    const group = syntax.groups[g]!;
    if (group.between === 1) out += ' and 0';
    for (let i = group.ifs.length - 1; i >= 0; i--)
      out += group.ifs[i] === 'condition' ? ' then 0 else 0' : ' else 0';
    if (g > 0) out += ')';
  }
  return out;
}
