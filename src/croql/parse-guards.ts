// The input guards: checks on the raw text that run before Lezer does, so that no input, however long or
// deeply nested, makes the parser or any consumer of its tree do unbounded work. Two limits remain (the
// README's "Limits"): the length of the query, and how deeply parentheses nest. Nesting without
// parentheses (`not not …`, `a of b of …`) is counted by the AST builder (parse-ast.ts), which sees it.
import { syntax } from './parse-diagnostic.ts';
import type { Diagnostic } from './types.ts';

export const MAX_QUERY_LENGTH = 65536;
/** How deeply parentheses, and operators between two parentheses, may nest. */
export const MAX_NESTING = 64;

export interface GuardResult {
  /** Set when the text is refused before parsing: the one diagnostic that says why. */
  refused: Diagnostic | null;
  /** Unbalanced parentheses, found on the way (the text is still parsed). */
  diagnostics: Diagnostic[];
}

export function guardInput(text: string): GuardResult {
  if (text.length > MAX_QUERY_LENGTH) {
    return {
      refused: syntax(
        'tooLong',
        `The query is ${text.length.toLocaleString('en-US')} characters long; the limit is ${MAX_QUERY_LENGTH.toLocaleString('en-US')}. Shorten it.`,
        MAX_QUERY_LENGTH,
        text.length,
      ),
      diagnostics: [],
    };
  }
  return scanParentheses(text);
}

/** Parentheses outside string and datetime literals: too deep, never closed, or closing nothing. */
function scanParentheses(text: string): GuardResult {
  const open: number[] = [];
  const diagnostics: Diagnostic[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 39 /* ' */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 39; i++);
    } else if (c === 40 /* ( */) {
      open.push(i);
      if (open.length > MAX_NESTING) {
        return {
          refused: syntax(
            'tooDeep',
            `Parentheses are nested more than ${MAX_NESTING} levels deep here. Simplify the query.`,
            i,
            i + 1,
          ),
          diagnostics,
        };
      }
    } else if (c === 41 /* ) */) {
      if (open.length > 0) open.pop();
      else
        diagnostics.push(
          syntax('unexpectedToken', 'This `)` closes nothing: remove it or add a `(` before it.', i, i + 1),
        );
    }
  }
  for (const at of open) {
    diagnostics.push(
      syntax('unclosedParen', 'This `(` is never closed: add a `)` where the group ends.', at, at + 1),
    );
  }
  return { refused: null, diagnostics };
}
