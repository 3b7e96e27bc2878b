// The input guards: checks on the raw text that run before Lezer does, so that no input, however long or
// deeply nested, makes the parser or any consumer of its tree do unbounded work. Two limits remain (the
// README's "Errors"): the length of the query, and nesting 64 deep. Parentheses are counted here; operators
// nested between two parentheses (`not not …`, `a of b of …`) are counted by the AST builder (parse-ast.ts),
// which sees the tree. A run of prefix operators far past the limit (`- - - …` thousands long) is refused
// here too, because Lezer spends time in proportion to the nesting before the builder could say so.
import { syntax } from './parse-diagnostic.ts';
import type { Diagnostic } from './types.ts';

export const MAX_QUERY_LENGTH = 65536;
/** How deeply parentheses, and operators between two parentheses, may nest. */
export const MAX_NESTING = 64;
/** A run of `-`, `!` and `not` this long is refused before parsing (it nests at least this deep). */
const MAX_PREFIX_RUN = 4 * MAX_NESTING;

/** The diagnostic for operators nested too deeply, at the first operator past the limit. */
export function operatorsTooDeep(from: number, to: number): Diagnostic {
  return syntax(
    'tooDeep',
    `Operators are nested more than ${MAX_NESTING} levels deep here (as in \`not not …\` or \`a of b of …\`). Simplify the query.`,
    from,
    to,
  );
}

export interface GuardResult {
  /** Set when the text is refused before parsing: the one diagnostic that says why. */
  refused: Diagnostic | null;
  /** Unbalanced parentheses, found on the way (the text is still parsed). */
  diagnostics: Diagnostic[];
}

/** The refusal of a query `length` characters long, past MAX_QUERY_LENGTH: from the limit to its end. */
export function tooLong(length: number): Diagnostic {
  return syntax(
    'tooLong',
    `The query is ${length.toLocaleString('en-US')} characters long; the limit is ${MAX_QUERY_LENGTH.toLocaleString('en-US')}. Shorten it.`,
    MAX_QUERY_LENGTH,
    length,
  );
}

export function guardInput(text: string): GuardResult {
  if (text.length > MAX_QUERY_LENGTH) return { refused: tooLong(text.length), diagnostics: [] };
  return scan(text);
}

const isWordCode = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isBlank = (c: number) => c === 32 || (c >= 9 && c <= 13) || c > 127;

/**
 * Parentheses outside string and datetime literals (too deep, never closed, or closing nothing), and runs
 * of prefix operators. One pass, no closures: it runs before every parse.
 */
function scan(text: string): GuardResult {
  const open: number[] = [];
  const diagnostics: Diagnostic[] = [];
  /** The length of the current run of prefix operators, and where its (MAX_NESTING + 1)th one is. */
  let run = 0;
  let pastFrom = 0;
  let pastTo = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (isWordCode(c)) {
      const from = i;
      while (i + 1 < length && isWordCode(text.charCodeAt(i + 1))) i++;
      if (i - from === 2 && isNot(text, from)) {
        if (++run === MAX_NESTING + 1) {
          pastFrom = from;
          pastTo = i + 1;
        }
        if (run > MAX_PREFIX_RUN) return { refused: operatorsTooDeep(pastFrom, pastTo), diagnostics };
      } else run = 0;
      continue;
    }
    if (c === 45 /* - */ || (c === 33 /* ! */ && text.charCodeAt(i + 1) !== 61) /* not != */) {
      if (++run === MAX_NESTING + 1) {
        pastFrom = i;
        pastTo = i + 1;
      }
      if (run > MAX_PREFIX_RUN) return { refused: operatorsTooDeep(pastFrom, pastTo), diagnostics };
      continue;
    }
    if (isBlank(c)) continue;
    run = 0;
    if (c === 34 /* " */) {
      for (i++; i < length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 39 /* ' */) {
      for (i++; i < length && text.charCodeAt(i) !== 39; i++);
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

/** Whether the three characters at `at` spell `not`, in any case. */
function isNot(text: string, at: number): boolean {
  return (
    (text.charCodeAt(at) | 0x20) === 110 &&
    (text.charCodeAt(at + 1) | 0x20) === 111 &&
    (text.charCodeAt(at + 2) | 0x20) === 116
  );
}
