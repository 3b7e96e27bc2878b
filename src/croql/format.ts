// The formatter: one canonical spelling of a query. ASCII operators, lower-case keywords, field names in
// the schema's spelling (an unknown name as written: the user still has to mend it, and their spelling,
// `partOfSpeach`, is the clue to what they meant), single spaces, parentheses wherever the precedence
// needs them, where `and`/`or`/`xor` mix, and always around the predicate of `where`/`with`.
// Text with syntax errors is returned unchanged. `format(format(q)) === format(q)`, and `format(q)` parses
// to the same tree as `q` once positions and spellings are stripped (`stripSpans`).
import { mentionLiteral, stringLiteral } from './literals.ts';
import { parse } from './parse.ts';
import { normalizeName, schema } from './schema.ts';
import type { Expr, Identifier } from './types.ts';

export function format(text: string): string {
  const { ast, diagnostics } = parse(text);
  if (!ast || diagnostics.some((d) => d.code === 'croqlInvalidSyntax' && d.severity === 'error')) return text;
  return print(ast);
}

/** Binding level of each kind of expression, as in the precedence table (1 binds tightest). */
function level(e: Expr): number {
  switch (e.kind) {
    case 'filter':
      return 2;
    case 'member':
      return 3;
    case 'negate':
      return 4;
    case 'arithmetic':
      return e.ops[0] === '*' || e.ops[0] === '/' ? 5 : 6;
    case 'comparison':
    case 'between':
      return 7;
    case 'not':
      return 8;
    case 'logical':
      return e.op === 'and' ? 9 : e.op === 'xor' ? 10 : 11;
    case 'if':
      return 12;
    default:
      return 1;
  }
}

/** `e` printed where an expression of level at most `max` may stand. */
function operand(e: Expr, max: number): string {
  return level(e) > max ? `(${print(e)})` : print(e);
}

export function print(e: Expr): string {
  switch (e.kind) {
    case 'number':
      return e.raw;
    case 'string':
      return stringLiteral(e.value);
    case 'datetime':
      return e.raw;
    case 'mention':
      return mentionLiteral(e.mentionKind, e.value);
    case 'identifier':
      return nameText(e);
    case 'error':
      return e.text;
    case 'negate':
      return `-${operand(e.operand, 4)}`;
    case 'not':
      return `not ${operand(e.operand, 8)}`;
    case 'arithmetic': {
      // Left to right: an operand after an operator of its own level needs parentheses (`a - (b + c)`).
      const own = level(e);
      let out = operand(e.operands[0]!, own);
      for (let i = 0; i < e.ops.length; i++) out += ` ${e.ops[i]} ${operand(e.operands[i + 1]!, own - 1)}`;
      return out;
    }
    case 'comparison':
      return `${operand(e.left, 6)} ${e.op} ${operand(e.right, 6)}`;
    case 'between':
      return `${operand(e.subject, 6)} between ${operand(e.low, 6)} and ${operand(e.high, 6)}`;
    case 'logical': {
      // Parentheses wherever `and`/`or`/`xor` mix, and around a chain of the same operator after the first
      // operand (the tree keeps `a and (b and c)` apart from `a and b and c`).
      const own = level(e);
      return e.operands
        .map((x, i) => (x.kind === 'logical' && (i > 0 || x.op !== e.op) ? `(${print(x)})` : operand(x, own)))
        .join(` ${e.op} `);
    }
    case 'member':
      return `${nameText(e.member)} of ${operand(e.object, 3)}`;
    case 'filter':
      return `${operand(e.subject, 2)} ${e.op} (${print(e.predicate)})`;
    case 'if':
      return `if ${operand(e.condition, 11)} then ${operand(e.then, 11)} else ${print(e.else)}`;
  }
}

const canonicalNames = new Map<string, string>();
for (const type of Object.values(schema.types)) {
  for (const field of type.fields) {
    for (const spelling of [field.name, field.key, ...(field.aliases ?? [])]) {
      const key = normalizeName(spelling);
      if (!canonicalNames.has(key)) canonicalNames.set(key, field.name);
    }
  }
}

/** A name as the formatter writes it: the schema's spelling, or an unknown one as written, one space apart. */
function nameText(e: Identifier): string {
  return canonicalNames.get(e.name) ?? e.raw.trim().split(/\s+/).join(' ');
}

/** The schema's spelling of a name (`ishidden` → `is hidden`); unknown names as normalised (for comparing). */
export function canonicalName(name: string): string {
  const normalized = normalizeName(name);
  return canonicalNames.get(normalized) ?? normalized;
}

/** A copy of the tree without positions and spellings (ranges, `raw`, identifier spelling), for comparing trees. */
export function stripSpans(e: Expr): unknown {
  return strip(e);
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'from' || k === 'to' || k === 'opSpan' || k === 'opSpans' || k === 'raw') continue;
    out[k] = strip(v);
  }
  if (out.kind === 'identifier' && typeof out.name === 'string') out.name = canonicalName(out.name);
  return out;
}
