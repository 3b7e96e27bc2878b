// The builder's model: a tree of groups holding conditions, its CroQL (`toCroql`, one code path: build the
// text, then the core's `format`) and the way back (`fromCroql`: every query opens; what the builder
// cannot show structurally becomes a raw block holding its exact source text).
import {
  analyze,
  datetimeLiteral,
  format,
  lookupField,
  mentionLiteral,
  printExpr,
  rootType,
  stringLiteral,
} from '../croql/index.ts';
import type { AnalyzeResult, ComparisonOp, ListingName, Expr, FieldDef, LogicalOp } from '../croql/index.ts';
import { matchFilter } from './recognize.ts';
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

function buildGroup(g: GroupNode): Built {
  const inner = joinChildren(g.op, g.children.map(buildNode));
  if (!g.negated || inner.text === '') return inner;
  return { text: `not (${inner.text})`, strength: 4 };
}

/** The CroQL of a builder tree: built, then formatted by the core (the one code path). */
export function toCroql(root: GroupNode): string {
  return format(buildGroup(root).text);
}

// ---------------------------------------------------------------------------------------------------------
// Reading CroQL

export interface Span {
  from: number;
  to: number;
}

/**
 * Where a node came from in the text it was read from (or last written to): `span` is the node's own
 * range; for groups, `interior` is where its children and the separators between them lie (inside
 * `not (…)` or `where (…)`), and `wrapped` says the interior sits inside parentheses of the group itself.
 * `node` is the node as it was then: an edit that replaces a node object marks it changed.
 */
export interface Origin {
  span: Span;
  interior: Span;
  wrapped: boolean;
  /** The span with the parentheses that belong to the node in its group (`(a) and b`: `(a)`). */
  region: Span;
  node: BuilderNode;
}
export type Origins = ReadonlyMap<NodeId, Origin>;

export interface ReadResult {
  root: GroupNode;
  origins: Map<NodeId, Origin>;
}

const MAX_FILTER_SOURCE = 1200;

/** Diagnostics about mentions do not stop the builder from showing a condition (it has pickers). */
const HARMLESS_REASONS = new Set(['unknownUser', 'unknownLanguage']);

/** Reads CroQL into a builder tree. Never fails: unreadable parts (or the whole text) become raw blocks. */
export function fromCroql(text: string, context: ListingName): GroupNode {
  return readCroql(text, context).root;
}

export function readCroql(text: string, context: ListingName): ReadResult {
  const whole: Span = { from: 0, to: text.length };
  const model = analyze(text, context);
  const { ast, diagnostics } = model;
  if (!ast) {
    const root = group();
    return {
      root,
      origins: new Map<NodeId, Origin>([
        [root.id, { span: whole, interior: whole, wrapped: false, region: whole, node: root }],
      ]),
    };
  }
  if (diagnostics.some((d) => d.code === 'croqlInvalidSyntax' && d.severity === 'error'))
    return wholeRaw(text);
  const errors = diagnostics.filter((d) => d.severity === 'error' && !HARMLESS_REASONS.has(d.reason));
  const reader = new Reader(text, context, errors, model.nodes);
  const root = reader.top(ast, [rootType(context)], whole);
  // The safety net behind "text → builder → text equals format(text)". Without syntax errors, format(text)
  // is the printed tree the model already holds, so the text is not parsed again.
  if (!writesAs(buildGroup(root).text, ast)) return wholeRaw(text);
  return { root, origins: reader.origins };
}

function wholeRaw(text: string): ReadResult {
  const whole: Span = { from: 0, to: text.length };
  const block = raw(text);
  const root = group('and', [block]);
  return {
    root,
    origins: new Map<NodeId, Origin>([
      [root.id, { span: whole, interior: whole, wrapped: false, region: whole, node: root }],
      [block.id, { span: whole, interior: whole, wrapped: false, region: whole, node: block }],
    ]),
  };
}

const formatCache = new Map<string, string>();
function formatted(text: string): string {
  let f = formatCache.get(text);
  if (f === undefined) {
    f = format(text);
    if (formatCache.size > 5000) formatCache.clear();
    formatCache.set(text, f);
  }
  return f;
}

/** Same query once formatted: the test every recognised condition passes before it is shown as one. */
export const sameQuery = (a: string, b: string) => formatted(a) === formatted(b);

/**
 * Whether the builder's text `written` formats to what the expression `e` of the checked text formats to:
 * `sameQuery` without parsing either side again when `written` is already canonical (the usual case). The
 * formatted source of `e` is `print(e)`, and formatting is idempotent (src/croql/format.ts), so a `written`
 * equal to it formats to it too. Parsing thousands of small texts one by one was most of the first
 * opening of a long chain (src/bench/builder.bench.ts).
 */
function writesAs(written: string, e: Expr): boolean {
  const canonical = printExpr(e);
  return written === canonical || formatted(written) === canonical;
}

class Reader {
  readonly origins = new Map<NodeId, Origin>();
  private readonly pairs: Map<number, number>;

  constructor(
    private readonly text: string,
    private readonly context: ListingName,
    private readonly errors: readonly Span[],
    /** The checker's model of the text: which field each name is. */
    private readonly nodes: AnalyzeResult['nodes'],
  ) {
    this.pairs = matchParens(text);
  }

  private remember<N extends BuilderNode>(node: N, span: Span, interior: Span = span, wrapped = false): N {
    this.origins.set(node.id, { span, interior, wrapped, region: span, node });
    if (node.kind === 'group') {
      for (const child of node.children) {
        const o = this.origins.get(child.id);
        if (o) o.region = expandParens(this.text, o.span, interior, this.pairs);
      }
    }
    return node;
  }

  private slice(e: Span) {
    return this.text.slice(e.from, e.to);
  }

  /** A whole predicate (the query, or the inside of `where`) as a group. */
  top(e: Expr, scopes: string[], interior: Span): GroupNode {
    if (e.kind === 'logical' && !this.filterAt(e, scopes)) {
      return this.remember(group(e.op, this.operands(e, scopes)), spanOf(e), interior);
    }
    return this.remember(group('and', [this.node(e, scopes)]), spanOf(e), interior);
  }

  private filterAt(e: Expr, scopes: string[]) {
    if (scopes.length !== 1 || this.context !== 'strings') return undefined;
    // No filter is written in more than a few hundred characters: longer nodes (long `and` chains) are not
    // worth shaping, which keeps reading linear in the length of the query.
    if (e.to - e.from > MAX_FILTER_SOURCE || this.hasError(e)) return undefined;
    const m = matchFilter(e);
    return m && sameQuery(filterText({ kind: 'filter', id: '', ...m }), this.slice(e)) ? m : undefined;
  }

  /**
   * The operands of a chain of one operator, each read as a node. The longest leading run of operands that
   * is a filter of its own (`is duplicate and has shared translation and …`) is read as that filter.
   */
  private operands(e: Expr & { kind: 'logical' }, scopes: string[]): BuilderNode[] {
    const all = e.operands;
    for (let k = all.length - 1; k >= 2; k--) {
      const from = all[0]!.from;
      const to = all[k - 1]!.to;
      if (to - from > MAX_FILTER_SOURCE) continue;
      const run: Expr = { ...e, operands: all.slice(0, k), opSpans: e.opSpans.slice(0, k - 1), from, to };
      if (this.filterAt(run, scopes)) return [run, ...all.slice(k)].map((x) => this.node(x, scopes));
    }
    return all.map((x) => this.node(x, scopes));
  }

  node(e: Expr, scopes: string[]): BuilderNode {
    const span = spanOf(e);
    const filter = this.filterAt(e, scopes);
    if (filter) return this.remember({ kind: 'filter', id: newId(), ...filter }, span);
    if (e.kind === 'logical') return this.remember(group(e.op, this.operands(e, scopes)), span);
    if (e.kind === 'not') return this.negation(e, scopes);
    if (this.hasError(e)) return this.rawAt(e);
    const leaf = this.field(e) ?? this.collection(e, scopes);
    if (leaf) return leaf;
    return this.rawAt(e);
  }

  private rawAt(e: Span): RawNode {
    return this.remember(raw(this.slice(e)), spanOf(e));
  }

  private negation(e: Expr & { kind: 'not' }, scopes: string[]): BuilderNode {
    const span = spanOf(e);
    const operand = e.operand;
    const bool = this.hasError(e) ? undefined : this.booleanField(operand, 'isFalse', e);
    if (bool) return bool;
    const outer = expandParens(this.text, spanOf(operand), span, this.pairs);
    const wrapped = outer.from !== operand.from;
    const interior = wrapped ? { from: outer.from + 1, to: outer.to - 1 } : spanOf(operand);
    const children =
      operand.kind === 'logical' && !this.filterAt(operand, scopes)
        ? this.operands(operand, scopes)
        : [this.node(operand, scopes)];
    const op = operand.kind === 'logical' && children.length > 1 ? operand.op : 'and';
    return this.remember(group(op, children, true), span, interior, wrapped);
  }

  private field(e: Expr): FieldNode | undefined {
    const span = spanOf(e);
    if (e.kind === 'identifier' || e.kind === 'member') return this.booleanField(e, 'isTrue', e);
    let node: FieldNode | undefined;
    if (e.kind === 'comparison') {
      const path = fieldPath(e.left, this.nodes);
      // The checker accepted the pair (the node has no error), so a field on the right is of a type the
      // operator accepts beside the left one.
      const other = fieldPath(e.right, this.nodes);
      const value: Operand | undefined = literalOf(e.right) ?? (other && { kind: 'field', path: other });
      if (path && value) node = { kind: 'field', id: newId(), path, op: e.op, value, value2: null };
    } else if (e.kind === 'between') {
      const path = fieldPath(e.subject, this.nodes);
      const low = literalOf(e.low);
      const high = literalOf(e.high);
      if (path && low && high)
        node = { kind: 'field', id: newId(), path, op: 'between', value: low, value2: high };
    }
    if (!node || !writesAs(fieldText(node), e)) return undefined;
    return this.remember(node, span);
  }

  /** `e` tested as true (`whole` is `e`) or as false (`whole` is `not e`). */
  private booleanField(e: Expr, op: 'isTrue' | 'isFalse', whole: Expr): FieldNode | undefined {
    const path = fieldPath(e, this.nodes);
    if (!path) return undefined;
    const def = fieldOf(e, this.nodes);
    if (def?.type.kind !== 'scalar' || def.type.type !== 'boolean') return undefined;
    const node: FieldNode = { kind: 'field', id: newId(), path, op, value: null, value2: null };
    if (!writesAs(fieldText(node), whole)) return undefined;
    return this.remember(node, spanOf(whole));
  }

  private collection(e: Expr, scopes: string[]): CollectionNode | undefined {
    if (e.kind !== 'comparison' || e.op === 'contains') return undefined;
    if (e.right.kind !== 'number' || !/^\d+(\.\d+)?$/.test(e.right.raw)) return undefined;
    const left = e.left;
    if (left.kind !== 'member' || left.member.name !== 'count') return undefined;
    let subject = left.object;
    let predicate: Expr | null = null;
    let filterSpan: Span | null = null;
    if (subject.kind === 'filter' && subject.op === 'where') {
      predicate = subject.predicate;
      filterSpan = spanOf(subject);
      subject = subject.subject;
    }
    if (subject.kind !== 'identifier') return undefined;
    const def = this.nodes.get(subject)?.field;
    if (def?.type.kind !== 'collection') return undefined;
    const inner = [...scopes, def.type.elementType];
    let where: GroupNode;
    if (predicate && filterSpan) {
      const outer = expandParens(this.text, spanOf(predicate), filterSpan, this.pairs);
      const wrapped = outer.from !== predicate.from;
      const interior = wrapped ? { from: outer.from + 1, to: outer.to - 1 } : spanOf(predicate);
      where = this.top(predicate, inner, interior);
    } else {
      where = group();
    }
    const node: CollectionNode = {
      kind: 'collection',
      id: newId(),
      collection: def.name,
      where,
      op: e.op,
      count: e.right.raw,
    };
    if (!writesAs(buildNode(node).text, e)) return undefined;
    return this.remember(node, spanOf(e));
  }

  private hasError(e: Span): boolean {
    return this.errors.some(
      (d) => (d.from < e.to && d.to > e.from) || (d.from === d.to && d.from >= e.from && d.from <= e.to),
    );
  }
}

const spanOf = (e: Span): Span => ({ from: e.from, to: e.to });

/** The field a name (`is hidden`) or a member of a named object (`id of file`) is, as the checker resolved it. */
function fieldOf(e: Expr, nodes: AnalyzeResult['nodes']): FieldDef | undefined {
  if (e.kind === 'identifier') return nodes.get(e)?.field;
  if (e.kind === 'member' && e.object.kind === 'identifier') return nodes.get(e.member)?.field;
  return undefined;
}

/** The builder's path of a scalar field (`['id', 'file']` for `id of file`), canonical names. */
function fieldPath(e: Expr, nodes: AnalyzeResult['nodes']): string[] | undefined {
  const def = fieldOf(e, nodes);
  if (!def || def.type.kind !== 'scalar' || def.key === 'count') return undefined;
  if (e.kind === 'identifier') return [def.name];
  if (e.kind !== 'member' || e.object.kind !== 'identifier') return undefined;
  const holder = nodes.get(e.object)?.field;
  return holder?.type.kind === 'object' ? [def.name, holder.name] : undefined;
}

function literalOf(e: Expr): ValueLiteral | undefined {
  switch (e.kind) {
    case 'string':
      return { kind: 'string', value: e.value };
    case 'number':
      return /^\d+(\.\d+)?$/.test(e.raw) ? { kind: 'number', value: e.raw } : undefined;
    case 'datetime':
      return { kind: 'datetime', value: e.value };
    case 'mention':
      return { kind: e.mentionKind, value: e.value };
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Parentheses in the source text

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
