// Quick fixes in the person's own words: the rewrites the checker offers as a diagnostic's suggestions, and
// applying one. The playground's lint actions, the language server's code actions and anything that fixes a
// query before sending it (a crowdin-cli argument) read these, so a fix is written once.
import type { Diagnostic, Span, Suggestion } from './types.ts';

/** `text` with `suggestion` applied. */
export function applySuggestion(text: string, suggestion: Suggestion): string {
  return text.slice(0, suggestion.from) + suggestion.insert + text.slice(suggestion.to);
}

/** Every suggestion of `diagnostics` with the diagnostic it fixes, errors first, in the order of the text. */
export function quickFixes(
  diagnostics: readonly Diagnostic[],
): { diagnostic: Diagnostic; suggestion: Suggestion }[] {
  const rank = { error: 0, warning: 1, info: 2 } as const;
  return [...diagnostics]
    .sort((a, b) => rank[a.severity] - rank[b.severity] || a.from - b.from)
    .flatMap((diagnostic) =>
      (diagnostic.suggestions ?? []).map((suggestion) => ({ diagnostic, suggestion })),
    );
}

/**
 * `left in (a, b, …)` as CroQL says it: `left = a or left = b …` (`left not in …`: `left != a and …`), from
 * the text as written. Null when what
 * follows `in` is not a bracketed list of values (or a single value) that ends before the text does.
 * Unless the clause is the whole query or fills a pair of parentheses, the chain is parenthesised, so that it
 * binds as the `in` did (`is hidden and (id = 1 or id = 2)`).
 */
export function inListRewrite(
  text: string,
  left: Span,
  op: Span,
): { from: number; to: number; clause: string; join: 'or' | 'and' } | null {
  const subject = text.slice(left.from, left.to).trim();
  // `x not in (…)`: every value ruled out. Anything else between the operand and `in` is not understood.
  const between = text.slice(left.to, op.from).trim().toLowerCase();
  if (!subject || (between && between !== 'not')) return null;
  const [compare, join] = between ? ['!=', ' and '] : ['=', ' or '];
  let at = skipSpace(text, op.to);
  const open = text[at];
  let items: string[];
  let end: number;
  if (open === '(' || open === '[') {
    const list = splitList(text, at + 1, open === '(' ? ')' : ']');
    if (!list) return null;
    ({ items, end } = list);
  } else {
    // One literal without brackets: `id in 5`, `language in "uk"`.
    const start = at;
    while (at < text.length && !/[\s)]/.test(text[at]!)) at = literalEnd(text, at);
    items = [text.slice(start, at)];
    if (!LITERAL.test(items[0]!)) return null;
    end = at;
  }
  if (!items.length || items.some((i) => !i)) return null;
  const chain = items.map((value) => `${subject} ${compare} ${value}`).join(join);
  const before = text.slice(0, left.from).trim();
  const after = text.slice(end).trim();
  // The whole query, or the whole of a parenthesised predicate (`where (id in (1, 2))`).
  const alone = (!before && !after) || (before.endsWith('(') && after.startsWith(')'));
  const clause = alone || items.length === 1 ? chain : `(${chain})`;
  return { from: left.from, to: end, clause, join: between ? 'and' : 'or' };
}

const LITERAL = /^(-?\d+(\.\d+)?|"([^"\\]|\\.)*"|'[^']*'|@[a-z]+:"([^"\\]|\\.)*")$/i;

function skipSpace(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

/** Where the literal or other character at `at` ends: a string or datetime whole, else one character. */
function literalEnd(text: string, at: number): number {
  const quote = text[at];
  if (quote !== '"' && quote !== "'") return at + 1;
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\' && quote === '"') i++;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}

/** The comma-separated items from `at` to the matching `close`, trimmed, and the offset after `close`. */
function splitList(text: string, at: number, close: string): { items: string[]; end: number } | null {
  const items: string[] = [];
  let depth = 0;
  let start = at;
  for (let i = at; i < text.length;) {
    const c = text[i]!;
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === close || c === ',') {
      if (depth === 0) {
        items.push(text.slice(start, i).trim());
        if (c === close) return { items, end: i + 1 };
        start = i + 1;
      }
    }
    i = literalEnd(text, i);
  }
  return null;
}
