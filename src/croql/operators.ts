// Which operators CroQL has and what they accept: the one table the tokenizer (foreign spellings), the
// checker (operand types), completion and hover (docs, which operators follow an operand), the builder (its
// operator menus), explain (English wording, negation, flip) and the compiler (flip) read. The precedence
// levels are those of README.md's language reference and of the grammar (croql.grammar).
import type { ArithmeticOp, ComparisonOp, LogicalOp, ScalarType } from './types.ts';

/** Every operator, by its canonical spelling (`negate` is unary `-`). */
export type OperatorName =
  ComparisonOp | 'between' | ArithmeticOp | 'negate' | LogicalOp | 'not' | 'of' | 'where' | 'with' | 'if';

export type OperatorKind = 'comparison' | 'range' | 'arithmetic' | 'unary' | 'logical' | 'structure';

/** Operand types (left to right) the operator accepts, and the type it gives them. */
export interface Signature {
  operands: readonly ScalarType[];
  result: ScalarType;
}

export interface OperatorDef {
  name: OperatorName;
  kind: OperatorKind;
  /** How it is written: the canonical symbol or keyword (`negate` is written `-`). */
  symbol: string;
  /** Other spellings with the same meaning (`≠`, `≥`, `≤`); the formatter writes `symbol`. */
  aliases: readonly string[];
  /** 1 binds tightest. */
  precedence: number;
  /** Hover title: `=  equal`, `x between a and b`. */
  title: string;
  /** One line, for completion. */
  short: string;
  /** Hover body. */
  long: string;
  /** The operand types it accepts (scalar operators only; `of`/`where`/`with`/`if` check objects). */
  signatures: readonly Signature[];
  /** The comparison that is true exactly when this one is false, for two values that are both present. */
  negation?: ComparisonOp;
  /** `a op b` ≡ `b flip a`. */
  flip?: ComparisonOp;
  /** English: [holds, does not hold] between a value and another; and for datetimes. */
  words?: { value: readonly [string, string]; time: readonly [string, string] };
}

// ---------------------------------------------------------------------------------------------------------
// Operand types

const NUMBERS: readonly ScalarType[] = ['integer', 'float'];
/** The scalar types, in the order tests and menus walk them. */
export const SCALAR_TYPES: readonly ScalarType[] = [
  'integer',
  'float',
  'string',
  'boolean',
  'datetime',
  'user',
  'language',
];

const pairs = (lefts: readonly ScalarType[], rights: readonly ScalarType[], result: ScalarType) =>
  lefts.flatMap((l) => rights.map((r): Signature => ({ operands: [l, r], result })));
const symmetric = (a: ScalarType, b: ScalarType): Signature[] => [
  { operands: [a, b], result: 'boolean' },
  { operands: [b, a], result: 'boolean' },
];

/**
 * `=` and `!=`: numbers together, one type with itself, a user with an integer id (a user is an id), a
 * language with a string code.
 */
const EQUALITY: readonly Signature[] = [
  ...pairs(NUMBERS, NUMBERS, 'boolean'),
  ...(['string', 'boolean', 'datetime', 'user', 'language'] as const).flatMap((t) =>
    pairs([t], [t], 'boolean'),
  ),
  ...symmetric('user', 'integer'),
  ...symmetric('language', 'string'),
];
/** Ordering: numbers, datetimes, and texts of one kind. */
const ORDERING: readonly Signature[] = [
  ...pairs(NUMBERS, NUMBERS, 'boolean'),
  ...pairs(['datetime'], ['datetime'], 'boolean'),
  ...pairs(['string'], ['string'], 'boolean'),
];
/** Substring test: text on both sides (a language code is text). */
const CONTAINS: readonly Signature[] = pairs(['string', 'language'], ['string', 'language'], 'boolean');
const BETWEEN: readonly Signature[] = [
  ...NUMBERS.flatMap((a) =>
    NUMBERS.flatMap((b) => NUMBERS.map((c): Signature => ({ operands: [a, b, c], result: 'boolean' }))),
  ),
  { operands: ['datetime', 'datetime', 'datetime'], result: 'boolean' },
];
const arithmetic = (division: boolean): Signature[] =>
  NUMBERS.flatMap((l) =>
    NUMBERS.map((r): Signature => ({
      operands: [l, r],
      result: !division && l === 'integer' && r === 'integer' ? 'integer' : 'float',
    })),
  );
const LOGIC: readonly Signature[] = [{ operands: ['boolean', 'boolean'], result: 'boolean' }];

// ---------------------------------------------------------------------------------------------------------
// The table

const comparison = (
  name: ComparisonOp,
  aliases: string[],
  title: string,
  short: string,
  long: string,
  signatures: readonly Signature[],
  negation: ComparisonOp | undefined,
  flip: ComparisonOp,
  value: [string, string],
  time: [string, string],
): OperatorDef => ({
  name,
  kind: 'comparison',
  symbol: name,
  aliases,
  precedence: 7,
  title,
  short,
  long,
  signatures,
  ...(negation ? { negation } : {}),
  flip,
  words: { value, time },
});

export const OPERATORS: readonly OperatorDef[] = [
  {
    name: 'of',
    kind: 'structure',
    symbol: 'of',
    aliases: [],
    precedence: 3,
    title: 'A of B',
    short: 'member of an object or collection: `count of translations`, `id of file`',
    long: 'Member access: the member A of the object or collection B, e.g. `count of translations`, `id of file`. Right-associative: `a of b of c` = `a of (b of c)`.',
    signatures: [],
  },
  {
    name: 'where',
    kind: 'structure',
    symbol: 'where',
    aliases: [],
    precedence: 2,
    title: 'X where (P)',
    short: 'keep the elements of a collection for which a condition holds: `translations where (…)`',
    long: 'Filters the collection X: keeps the elements for which P is true. Inside P, names resolve in the element first, then in the enclosing scopes. Usually counted: `count of translations where (…) > 0`.',
    signatures: [],
  },
  {
    name: 'with',
    kind: 'structure',
    symbol: 'with',
    aliases: [],
    precedence: 2,
    title: 'X with (P)',
    short: 'test a condition on an object: `file with (name = "a.json")`',
    long: 'Evaluates the condition P in the scope of the object X: `file with (name = "app.json")`.',
    signatures: [],
  },
  {
    name: 'negate',
    kind: 'unary',
    symbol: '-',
    aliases: [],
    precedence: 4,
    title: '-  negation',
    short: 'negate a number',
    long: 'Negates a number: `-x`. A missing value stays missing.',
    signatures: NUMBERS.map((t) => ({ operands: [t], result: t })),
  },
  {
    name: '*',
    kind: 'arithmetic',
    symbol: '*',
    aliases: [],
    precedence: 5,
    title: '*  multiplication',
    short: 'multiply',
    long: 'Multiplies two numbers.',
    signatures: arithmetic(false),
  },
  {
    name: '/',
    kind: 'arithmetic',
    symbol: '/',
    aliases: [],
    precedence: 5,
    title: '/  division',
    short: 'divide (by zero gives no value)',
    long: 'Divides two numbers; dividing by zero gives no value (so any comparison is false).',
    signatures: arithmetic(true),
  },
  {
    name: '+',
    kind: 'arithmetic',
    symbol: '+',
    aliases: [],
    precedence: 6,
    title: '+  addition',
    short: 'add',
    long: 'Adds two numbers.',
    signatures: arithmetic(false),
  },
  {
    name: '-',
    kind: 'arithmetic',
    symbol: '-',
    aliases: [],
    precedence: 6,
    title: '-  subtraction or negation',
    short: 'subtract',
    long: 'Subtracts numbers, or negates one (`-x`).',
    signatures: arithmetic(false),
  },
  comparison(
    '=',
    [],
    '=  equal',
    'equal (exact and case-sensitive on text)',
    'Exact comparison; on text it is case-sensitive. A comparison with a missing value is false.',
    EQUALITY,
    '!=',
    '=',
    ['is', 'is not'],
    ['at', 'not at'],
  ),
  comparison(
    '!=',
    ['≠'],
    '!=  not equal',
    'not equal',
    'True when both values exist and differ (a missing value makes it false).',
    EQUALITY,
    '=',
    '!=',
    ['is not', 'is'],
    ['not at', 'at'],
  ),
  comparison(
    '>',
    [],
    '>  greater than',
    'greater than',
    'Compares numbers, datetimes or texts of one kind.',
    ORDERING,
    '<=',
    '<',
    ['is greater than', 'is not greater than'],
    ['after', 'not after'],
  ),
  comparison(
    '>=',
    ['≥'],
    '>=  greater than or equal',
    'greater than or equal',
    'Compares numbers, datetimes or texts of one kind.',
    ORDERING,
    '<',
    '<=',
    ['is at least', 'is less than'],
    ['on or after', 'before'],
  ),
  comparison(
    '<',
    [],
    '<  less than',
    'less than',
    'Compares numbers, datetimes or texts of one kind.',
    ORDERING,
    '>=',
    '>',
    ['is less than', 'is at least'],
    ['before', 'not before'],
  ),
  comparison(
    '<=',
    ['≤'],
    '<=  less than or equal',
    'less than or equal',
    'Compares numbers, datetimes or texts of one kind.',
    ORDERING,
    '>',
    '>=',
    ['is at most', 'is greater than'],
    ['on or before', 'after'],
  ),
  comparison(
    'contains',
    [],
    'a contains b',
    'case-insensitive substring test',
    'Case-insensitive substring test on text. On plural source text it matches when any plural form contains it.',
    CONTAINS,
    undefined,
    'contains',
    ['contains', 'does not contain'],
    ['contains', 'does not contain'],
  ),
  {
    name: 'between',
    kind: 'range',
    symbol: 'between',
    aliases: [],
    precedence: 7,
    title: 'x between a and b',
    short: 'inclusive range: `x between a and b`',
    long: 'True when a ≤ x ≤ b (inclusive at both ends). Works on numbers and datetimes.',
    signatures: BETWEEN,
    words: { value: ['is between', 'is not between'], time: ['between', 'outside'] },
  },
  {
    name: 'not',
    kind: 'unary',
    symbol: 'not',
    aliases: [],
    precedence: 8,
    title: 'not',
    short: 'negates a condition',
    long: 'Negates the condition after it: `not is duplicate`. `not 1 < 10` means `not (1 < 10)`.',
    signatures: [{ operands: ['boolean'], result: 'boolean' }],
  },
  {
    name: 'and',
    kind: 'logical',
    symbol: 'and',
    aliases: [],
    precedence: 9,
    title: 'and',
    short: 'both conditions hold',
    long: 'True when both conditions are true. Also the second word of `x between a and b`. Binds tighter than `xor` and `or`.',
    signatures: LOGIC,
  },
  {
    name: 'xor',
    kind: 'logical',
    symbol: 'xor',
    aliases: [],
    precedence: 10,
    title: 'xor',
    short: 'exactly one of the two conditions holds',
    long: 'True when exactly one of the two conditions is true.',
    signatures: LOGIC,
  },
  {
    name: 'or',
    kind: 'logical',
    symbol: 'or',
    aliases: [],
    precedence: 11,
    title: 'or',
    short: 'either condition holds',
    long: 'True when either condition is true. Binds loosest of the logical operators.',
    signatures: LOGIC,
  },
  {
    name: 'if',
    kind: 'structure',
    symbol: 'if',
    aliases: [],
    precedence: 12,
    title: 'if C then A else B',
    short: '`if C then A else B`',
    long: 'A when the condition C is true, otherwise B. Both branches have one type.',
    signatures: [],
  },
];

const BY_NAME = new Map<string, OperatorDef>(OPERATORS.map((o) => [o.name, o]));

export function operator(name: OperatorName): OperatorDef {
  return BY_NAME.get(name)!;
}

/** What the ordering and equality comparisons mean on two present values (numbers, texts, epoch ms, ids). */
export const ORDER: Readonly<
  Record<Exclude<ComparisonOp, 'contains'>, (a: number | string, b: number | string) => boolean>
> = {
  '=': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
};

/** The comparison operators, canonical spellings. */
export const COMPARISON_OPERATORS: readonly ComparisonOp[] = ['=', '!=', '>', '>=', '<', '<=', 'contains'];

/** `≠` → `!=`; canonical spellings map to themselves; anything else → undefined. */
export const CANONICAL_SPELLING: ReadonlyMap<string, string> = new Map(
  OPERATORS.flatMap((o) => [o.symbol, ...o.aliases].map((s): [string, string] => [s, o.symbol])),
);

/** The result type of `name` on operands of these types, or null when it does not accept them. */
export function resultType(name: OperatorName, operands: readonly ScalarType[]): ScalarType | null {
  const def = BY_NAME.get(name);
  if (!def) return null;
  for (const s of def.signatures) if (sameOperands(s.operands, operands)) return s.result;
  return null;
}

function sameOperands(a: readonly ScalarType[], b: readonly ScalarType[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Binary operators (comparisons, `between`, arithmetic) accepting a left operand of type `left`. */
export function operatorsAfter(left: ScalarType): OperatorDef[] {
  return OPERATORS.filter(
    (o) =>
      (o.kind === 'comparison' || o.kind === 'range' || o.kind === 'arithmetic') &&
      o.signatures.some((s) => s.operands[0] === left),
  );
}

/** The types the next operand of `name` may have, after a first operand of type `left`. */
export function rightTypes(name: OperatorName, left: ScalarType): ScalarType[] {
  const out = new Set<ScalarType>();
  for (const s of BY_NAME.get(name)?.signatures ?? []) if (s.operands[0] === left) out.add(s.operands[1]!);
  return [...out];
}

// ---------------------------------------------------------------------------------------------------------
// Spellings of other query languages: the tokenizer reads the words among them as operators, never as part
// of a name, and the parser reports each with the CroQL to write instead.

export interface ForeignOperator {
  /** The CroQL operator that replaces it (null: none does). */
  write: string | null;
  hint: string;
}

export const FOREIGN_OPERATORS: Readonly<Record<string, ForeignOperator>> = {
  '==': { write: '=', hint: 'write `=`' },
  '===': { write: '=', hint: 'write `=`' },
  '!==': { write: '!=', hint: 'write `!=`' },
  '<>': { write: '!=', hint: 'write `!=`' },
  '=>': { write: '>=', hint: 'write `>=`' },
  '=<': { write: '<=', hint: 'write `<=`' },
  '=~': { write: 'contains', hint: 'write `contains` (a case-insensitive substring test)' },
  '!~': { write: null, hint: 'write `not (a contains b)`' },
  in: {
    write: null,
    hint: 'compare with each value and join with `or`: `language = "uk" or language = "de"`',
  },
  like: { write: 'contains', hint: 'write `contains` (a case-insensitive substring test)' },
  '&&': { write: 'and', hint: 'write `and`' },
  '&': { write: 'and', hint: 'write `and`' },
  '||': { write: 'or', hint: 'write `or`' },
  '|': { write: 'or', hint: 'write `or`' },
  '!': { write: 'not', hint: 'write `not`' },
};

/** Foreign operators that are words (`in`, `like`): never part of a field name. */
export const FOREIGN_OPERATOR_WORDS: ReadonlySet<string> = new Set(
  Object.keys(FOREIGN_OPERATORS).filter((k) => /^[a-z]+$/.test(k)),
);

/** Every operator symbol, CroQL's and foreign, longest first (so `>=` is read before `>`). */
export const OPERATOR_SYMBOLS: readonly string[] = [
  ...new Set([...OPERATORS.flatMap((o) => [o.symbol, ...o.aliases]), ...Object.keys(FOREIGN_OPERATORS)]),
]
  .filter((s) => !/^[a-z]+$/.test(s))
  .sort((a, b) => b.length - a.length);

/** The comparison spellings a person may write, CroQL's and foreign (a comparison's left side ends there). */
export const COMPARISON_SPELLINGS: ReadonlySet<string> = new Set([
  ...OPERATORS.filter((o) => o.kind === 'comparison' || o.kind === 'range').flatMap((o) => [
    o.symbol,
    ...o.aliases,
  ]),
  ...Object.entries(FOREIGN_OPERATORS)
    .filter(([, f]) => f.write !== null && BY_NAME.get(f.write)?.kind === 'comparison')
    .map(([k]) => k),
]);

/** Foreign spellings of `and`, `or`, `not`. */
export const FOREIGN_LOGIC: ReadonlySet<string> = new Set(
  Object.entries(FOREIGN_OPERATORS)
    .filter(([, f]) => f.write === 'and' || f.write === 'or' || f.write === 'not')
    .map(([k]) => k),
);

/** The operator a spelling names, CroQL's own (`≥`, `and`, `then` is part of `if`) or null. */
export function operatorBySpelling(spelling: string): OperatorDef | null {
  const lower = spelling.toLowerCase();
  if (lower === 'then' || lower === 'else') return operator('if');
  const canonical = CANONICAL_SPELLING.get(lower);
  if (canonical === undefined) return null;
  // `-` is written for both subtraction and negation; its entry as a binary operator documents both.
  return (
    OPERATORS.find((o) => o.symbol === canonical && o.kind !== 'unary') ?? BY_NAME.get(canonical) ?? null
  );
}

/** What to say about a spelling of another query language: `CroQL has no \`like\`: write \`contains\`…`. */
export function foreignDoc(spelling: string): { title: string; body: string } | null {
  const f = FOREIGN_OPERATORS[spelling.toLowerCase()];
  if (!f) return null;
  return { title: `${spelling} (not CroQL)`, body: `CroQL has no \`${spelling}\`: ${f.hint}.` };
}
