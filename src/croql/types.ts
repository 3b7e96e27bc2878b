// The public types of the CroQL core. Everything outside src/croql imports them through index.ts.

import type { Tree } from '@lezer/common';

/** One per listing endpoint: the object a query is evaluated against (a source string, a translation, …). */
export type ListingName = 'strings' | 'translations' | 'tmSegments' | 'glossaryTerms';
/** The former name of `ListingName`, kept for code that imports it. */
export type ContextName = ListingName;

/** The service's editions; some fields exist only on the enterprise one. */
export type Edition = 'standard' | 'enterprise';

// ---------------------------------------------------------------------------------------------------------
// Schema

/** Scalar and structured types of the language (README.md, "Types and evaluation"). */
export type ScalarType = 'integer' | 'float' | 'string' | 'boolean' | 'datetime' | 'user' | 'language';

export type FieldType =
  | { kind: 'scalar'; type: ScalarType }
  /** A nested object with fields of its own (`file`, `branch`). */
  | { kind: 'object'; objectType: string }
  /** A collection of objects (`translations`, `comments`); `count` is a member of every collection. */
  | { kind: 'collection'; elementType: string };

export interface FieldDef {
  /** The name as a person writes it, canonical spelling: `is hidden`, `approvalsCount`, `plural form`. */
  name: string;
  /** The canonical camelCase key: the key in Context JSON and in the service's error messages. */
  key: string;
  type: FieldType;
  /** One line, in our own words. */
  description: string;
  /** Example expressions using the field. */
  examples: string[];
  /** Known values for a string field (`status`, `provider`, `partOfSpeech`, …). */
  enumValues?: string[];
  /** Only on the enterprise edition. */
  enterpriseOnly?: boolean;
  /** Other spellings the service accepts for the same field (compared like names). */
  aliases?: string[];
}

/** A named object type: the four context roots and every nested type (`translation`, `vote`, `file`, …). */
export interface ObjectTypeDef {
  name: string;
  /** How a person calls one of these: "source string", "translation", "vote". */
  label: string;
  fields: FieldDef[];
}

export interface Schema {
  /** Root object type of each listing. */
  contexts: Record<ListingName, string>;
  types: Record<string, ObjectTypeDef>;
}

// ---------------------------------------------------------------------------------------------------------
// Syntax tree. Every node carries its range in the query text; parentheses do not make a node of their own
// (a parenthesised expression's range is its inner expression's range), so `format(q)` parses to the same
// tree as `q` once ranges are ignored.

export interface Span {
  from: number;
  to: number;
}

export type ComparisonOp = '=' | '!=' | '>' | '>=' | '<' | '<=' | 'contains';
export type ArithmeticOp = '+' | '-' | '*' | '/';
export type LogicalOp = 'and' | 'or' | 'xor';

export type Expr =
  | NumberLiteral
  | StringLiteral
  | DatetimeLiteral
  | Mention
  | Identifier
  | Negate
  | Not
  | Arithmetic
  | Comparison
  | Between
  | Logical
  | Member
  | Filter
  | Conditional
  | ErrorNode;

export interface NumberLiteral extends Span {
  kind: 'number';
  value: number;
  isInteger: boolean;
  raw: string;
}
export interface StringLiteral extends Span {
  kind: 'string';
  /** Unescaped value. */
  value: string;
  raw: string;
}
export interface DatetimeLiteral extends Span {
  kind: 'datetime';
  /** `today`, `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`, as written between the quotes. */
  value: string;
  raw: string;
}
export interface Mention extends Span {
  kind: 'mention';
  mentionKind: 'user' | 'language';
  /** The unescaped quoted part: a username or a language code. */
  value: string;
  raw: string;
}
export interface Identifier extends Span {
  kind: 'identifier';
  /** Words lower-cased and joined by one space: `is hidden`, `approvalscount`. */
  name: string;
  /** Exactly as written. */
  raw: string;
}
export interface Negate extends Span {
  kind: 'negate';
  operand: Expr;
}
export interface Not extends Span {
  kind: 'not';
  operand: Expr;
}
/**
 * A chain of one precedence level, `+`/`-` or `*`/`/`, evaluated left to right: `a - b + c` is one node with
 * operands [a, b, c] and ops ['-', '+']. A parenthesised chain of the same level as the first operand is part
 * of it (`(a - b) + c` is `a - b + c`); anywhere else it stays a node of its own (`a - (b + c)`).
 */
export interface Arithmetic extends Span {
  kind: 'arithmetic';
  /** Two or more. */
  operands: Expr[];
  /** `ops[i]` stands between `operands[i]` and `operands[i + 1]`. */
  ops: ArithmeticOp[];
  /** The operator tokens, one per `ops` entry. */
  opSpans: Span[];
}
export interface Comparison extends Span {
  kind: 'comparison';
  op: ComparisonOp;
  left: Expr;
  right: Expr;
  /** Range of the operator token. */
  opSpan: Span;
}
export interface Between extends Span {
  kind: 'between';
  subject: Expr;
  low: Expr;
  high: Expr;
}
/**
 * A chain of one logical operator: `a and b and c` is one node with three operands. A parenthesised chain of
 * the same operator as the first operand is part of it (`(a and b) and c` is `a and b and c`); anywhere else
 * it stays a node of its own (`a and (b and c)`), so the tree keeps the grouping the text shows.
 */
export interface Logical extends Span {
  kind: 'logical';
  op: LogicalOp;
  /** Two or more. */
  operands: Expr[];
  /** The operator tokens: `opSpans[i]` stands between `operands[i]` and `operands[i + 1]`. */
  opSpans: Span[];
}
/** `member of object`: `count of translations`, `id of file`. */
export interface Member extends Span {
  kind: 'member';
  member: Identifier;
  object: Expr;
}
/** `collection where (P)` or `object with (P)`. */
export interface Filter extends Span {
  kind: 'filter';
  op: 'where' | 'with';
  subject: Expr;
  predicate: Expr;
}
export interface Conditional extends Span {
  kind: 'if';
  condition: Expr;
  then: Expr;
  else: Expr;
}
/** What the parser could not make sense of; a diagnostic always covers it. */
export interface ErrorNode extends Span {
  kind: 'error';
  text: string;
}

// ---------------------------------------------------------------------------------------------------------
// Diagnostics

export type DiagnosticCode = 'croqlInvalidSyntax' | 'croqlInvalidLogic';
export type Severity = 'error' | 'warning' | 'info';

export interface Suggestion {
  /** "Replace with `is hidden`". */
  label: string;
  /** Replace [from, to) with `insert`. */
  from: number;
  to: number;
  insert: string;
}

export interface Diagnostic {
  code: DiagnosticCode;
  /** A stable sub-code: `unknownField`, `typeMismatch`, `unclosedParen`, `enterpriseOnly`, … */
  reason: string;
  /** For a person: says what is wrong and, where it can, what to write instead. */
  message: string;
  severity: Severity;
  from: number;
  to: number;
  suggestions?: Suggestion[];
}

export interface AnalyzeOptions {
  users?: readonly { id: number; username: string }[];
  languages?: readonly string[];
  edition?: Edition;
  /**
   * A Lezer tree the caller already has for exactly this text (an editor's incremental parse of the core's
   * grammar). Saves a second parse when it is complete and error-free; results are the same either way.
   */
  tree?: Tree;
}

/** A type as the checker knows it: `unknown` where an error left it undecided. */
export type TypeInfo = FieldType | { kind: 'unknown' };

/** What the checker found out about one node of the AST. */
export interface NodeInfo {
  type: TypeInfo;
  /** The scope chain the node was checked in: object type names, the listing's object first. */
  scopes: readonly string[];
  /** For a name: the field it names (`count` names `countField`). */
  field?: FieldDef;
  /**
   * For a name: the object type that has the field, i.e. the scope a bare name binds to, or B's type for the
   * member of `A of B` (none for `count`, a member of every collection).
   */
  owner?: string;
  /** For a bare name: the index in `scopes` of the object it binds to (0: the listing's object). */
  depth?: number;
}

/** The checked model: the AST with each node's type, resolved field and the object its name binds to. */
export interface AnalyzeResult {
  /** null only for empty (or blank) text. */
  ast: Expr | null;
  diagnostics: Diagnostic[];
  listing: ListingName;
  /** Every node the checker reached (all of them when `valid`). */
  nodes: ReadonlyMap<Expr, NodeInfo>;
  /** An AST without error diagnostics: what compile and explain accept. */
  valid: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Evaluation

/** One context object in the Context JSON format (keys are the canonical camelCase keys). */
export type ContextObject = Record<string, unknown>;

export interface EvalEnv {
  users: readonly { id: number; username: string }[];
  languages: readonly string[];
  /** "now", for `'today'`. */
  now: Date;
  /** The edition the listing is of: on the standard one, enterprise-only fields are refused. */
  edition?: Edition;
}

export interface CompileResult {
  predicate: ((obj: ContextObject) => boolean) | null;
  diagnostics: Diagnostic[];
}

// ---------------------------------------------------------------------------------------------------------
// Completion and hover (editor-agnostic)

export interface LiveValues {
  users?: readonly { id: number; username: string; fullName?: string }[];
  languages?: readonly { id: string; name?: string }[];
  labels?: readonly { id: number; title: string }[];
  files?: readonly { id: number; name: string; path?: string }[];
}

export type CompletionKind = 'field' | 'keyword' | 'operator' | 'value' | 'mention' | 'snippet';

export interface CompletionItem {
  label: string;
  kind: CompletionKind;
  /** The text inserted; for snippets, CodeMirror snippet syntax (`${placeholder}`). */
  apply: string;
  /** Short type or category shown beside the label: `boolean`, `collection of translations`. */
  detail?: string;
  description?: string;
  /** Higher sorts first. */
  boost?: number;
}

export interface CompletionResult {
  /** The range the chosen item replaces. */
  from: number;
  to: number;
  items: CompletionItem[];
}

export interface HoverInfo {
  from: number;
  to: number;
  /** Markdown-free plain text: a title line then a description. */
  title: string;
  body: string;
}
