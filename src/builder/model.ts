// The builder's model: a tree of groups holding conditions, and its CroQL (`toCroql`, one code path: build
// the text, then the core's `format`). The way back (`fromCroql`: every query opens; what the builder
// cannot show structurally becomes a raw block holding its exact source text) is ./read.ts.
import {
  analyze,
  datetimeLiteral,
  format,
  lookupField,
  mentionLiteral,
  stringLiteral,
} from '../croql/index.ts';
import type { ComparisonOp, FieldDef, LogicalOp } from '../croql/index.ts';
import { filterToCroql, type FilterParams } from './filters.ts';

export type NodeId = string;

export interface GroupNode {
  kind: 'group';
  id: NodeId;
  op: LogicalOp;
  negated: boolean;
  children: BuilderNode[];
}

/** An editor filter; `pinLanguage` restricts it to one language (null: any language). */
export interface FilterNode {
  kind: 'filter';
  id: NodeId;
  filter: string;
  params: FilterParams;
  pinLanguage: string | null;
}

/** A literal as the builder edits it: numbers keep their digits as written. */
export type ValueLiteral =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: string }
  | { kind: 'datetime'; value: string }
  | { kind: 'user'; value: string }
  | { kind: 'language'; value: string };

/** Another field on the right of a comparison (`is hidden = is duplicate`); `path` as in `FieldNode`. */
export interface FieldRef {
  kind: 'field';
  path: string[];
}

/** The right side of a comparison: a value, or another field of a type the operator accepts. */
export type Operand = ValueLiteral | FieldRef;

export type FieldOp = ComparisonOp | 'between' | 'isTrue' | 'isFalse';

/** `path` names the field, then the object holding it: `['id', 'file']` is `id of file`; `[]` is unset. */
export interface FieldNode {
  kind: 'field';
  id: NodeId;
  path: string[];
  op: FieldOp;
  /** The right side of a comparison, or the lower bound of `between` (always a value). */
  value: Operand | null;
  /** The upper bound of `between`. */
  value2: ValueLiteral | null;
}

export type CountOp = Exclude<ComparisonOp, 'contains'>;

/** `count of <collection> [where (<where>)] <op> <count>`; an empty `where` group writes no clause. */
export interface CollectionNode {
  kind: 'collection';
  id: NodeId;
  collection: string;
  where: GroupNode;
  op: CountOp;
  count: string;
}

/** CroQL the builder shows as text; it keeps its exact text. */
export interface RawNode {
  kind: 'raw';
  id: NodeId;
  text: string;
}

export type BuilderNode = GroupNode | FilterNode | FieldNode | CollectionNode | RawNode;

// ---------------------------------------------------------------------------------------------------------
// Ids and constructors

let lastId = 0;
export const newId = (): NodeId => `n${++lastId}`;

export const group = (op: LogicalOp = 'and', children: BuilderNode[] = [], negated = false): GroupNode => ({
  kind: 'group',
  id: newId(),
  op,
  negated,
  children,
});
export const raw = (text: string): RawNode => ({ kind: 'raw', id: newId(), text });

// ---------------------------------------------------------------------------------------------------------
// Schema helpers

/** The object type a field path lives in, and its definition; undefined when the path is not valid. */
export function resolvePath(scopes: readonly string[], path: readonly string[]): FieldDef | undefined {
  if (path.length === 1) return lookupInScopes(scopes, path[0]!);
  if (path.length === 2) {
    const holder = lookupInScopes(scopes, path[1]!);
    if (holder?.type.kind !== 'object') return undefined;
    return lookupField(holder.type.objectType, path[0]!);
  }
  return undefined;
}

function lookupInScopes(scopes: readonly string[], name: string): FieldDef | undefined {
  for (let i = scopes.length - 1; i >= 0; i--) {
    const f = lookupField(scopes[i]!, name);
    if (f) return f;
  }
  return undefined;
}

/** The element type of a collection field in scope. */
export function elementTypeOf(scopes: readonly string[], collection: string): string | undefined {
  const f = lookupInScopes(scopes, collection);
  return f?.type.kind === 'collection' ? f.type.elementType : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Writing CroQL

/** Binding strength of a piece of text at its top: 0 `if` or unparsable, 1 or, 2 xor, 3 and, 4 tighter. */
export type Strength = 0 | 1 | 2 | 3 | 4;
const OP_STRENGTH: Record<LogicalOp, Strength> = { or: 1, xor: 2, and: 3 };

const strengthCache = new Map<string, Strength>();
/** How tightly arbitrary CroQL binds at its top (raw blocks, filter expressions). */
export function textStrength(text: string): Strength {
  const cached = strengthCache.get(text);
  if (cached !== undefined) return cached;
  const { ast, diagnostics } = analyze(text, 'strings');
  let s: Strength = 4;
  if (!ast || diagnostics.some((d) => d.code === 'croqlInvalidSyntax')) s = 0;
  else if (ast.kind === 'logical') s = OP_STRENGTH[ast.op];
  else if (ast.kind === 'if') s = 0;
  if (strengthCache.size > 2000) strengthCache.clear();
  strengthCache.set(text, s);
  return s;
}

/** Whether a child of strength `s` needs parentheses as an operand of `op`. */
export const needsParens = (s: Strength, op: LogicalOp) => s <= OP_STRENGTH[op];

export function literalText(v: ValueLiteral | null): string {
  if (!v) return '""';
  switch (v.kind) {
    case 'string':
      return stringLiteral(v.value);
    case 'number':
      return /^\d+(\.\d+)?$/.test(v.value.trim()) ? v.value.trim() : '0';
    case 'datetime':
      return datetimeLiteral(v.value);
    case 'user':
    case 'language':
      return mentionLiteral(v.kind, v.value);
  }
}

export function operandText(v: Operand | null): string {
  return v?.kind === 'field' ? v.path.join(' of ') : literalText(v);
}

export function filterText(node: FilterNode): string {
  const r = filterToCroql(
    node.filter,
    node.params,
    node.pinLanguage ? { pinLanguage: node.pinLanguage } : {},
  );
  // A filter without a CroQL form writes nothing; the builder keeps it and shows why (never dropped).
  return r.kind === 'notExpressible' ? '' : r.croql;
}

export function fieldText(node: FieldNode): string {
  // An unset condition (no field chosen yet) writes nothing.
  if (node.path.length === 0) return '';
  const name = node.path.join(' of ');
  switch (node.op) {
    case 'isTrue':
      return name;
    case 'isFalse':
      return `not ${name}`;
    case 'between':
      return `${name} between ${operandText(node.value)} and ${literalText(node.value2)}`;
    default:
      return `${name} ${node.op} ${operandText(node.value)}`;
  }
}

export function collectionText(node: CollectionNode, whereText: string): string {
  const where = whereText.trim() === '' ? '' : ` where (${whereText})`;
  return `count of ${node.collection}${where} ${node.op} ${literalText({ kind: 'number', value: node.count })}`;
}

interface Built {
  text: string;
  strength: Strength;
}

/** The text of a node, unformatted; '' for an empty group. */
export function buildNode(node: BuilderNode): Built {
  switch (node.kind) {
    case 'group':
      return buildGroup(node);
    case 'filter': {
      const text = filterText(node);
      return { text, strength: textStrength(text) };
    }
    case 'field':
      return { text: fieldText(node), strength: 4 };
    case 'collection':
      return { text: collectionText(node, buildGroup(node.where).text), strength: 4 };
    case 'raw':
      return { text: node.text, strength: node.text.trim() === '' ? 4 : textStrength(node.text) };
  }
}

export function joinChildren(op: LogicalOp, pieces: Built[]): Built {
  const present = pieces.filter((p) => p.text.trim() !== '');
  if (present.length === 0) return { text: '', strength: 4 };
  if (present.length === 1) return present[0]!;
  const text = present.map((p) => (needsParens(p.strength, op) ? `(${p.text})` : p.text)).join(` ${op} `);
  return { text, strength: OP_STRENGTH[op] };
}

export function buildGroup(g: GroupNode): Built {
  const inner = joinChildren(g.op, g.children.map(buildNode));
  if (!g.negated || inner.text === '') return inner;
  return { text: `not (${inner.text})`, strength: 4 };
}

/** The CroQL of a builder tree: built, then formatted by the core (the one code path). */
export function toCroql(root: GroupNode): string {
  return format(buildGroup(root).text);
}

// ---------------------------------------------------------------------------------------------------------
// Parentheses in the source text

/** A range of the source text. */
export interface Span {
  from: number;
  to: number;
}

/** Positions of matching parentheses (outside string and datetime literals): open → close. */
export function matchParens(text: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === "'") {
      for (i++; i < text.length && text[i] !== "'"; i++);
    } else if (c === '(') open.push(i);
    else if (c === ')') {
      const at = open.pop();
      if (at !== undefined) pairs.set(at, i);
    }
  }
  return pairs;
}

/** `span` grown over the parentheses that enclose exactly it, staying within `bounds`. */
export function expandParens(text: string, span: Span, bounds: Span, pairs = matchParens(text)): Span {
  let { from, to } = span;
  for (;;) {
    let before = from - 1;
    while (before >= bounds.from && /\s/.test(text[before]!)) before--;
    let after = to;
    while (after < bounds.to && /\s/.test(text[after]!)) after++;
    if (before < bounds.from || after >= bounds.to) return { from, to };
    if (text[before] !== '(' || text[after] !== ')' || pairs.get(before) !== after) return { from, to };
    from = before;
    to = after + 1;
  }
}
