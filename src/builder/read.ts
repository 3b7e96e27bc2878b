// Reading CroQL into the builder's tree (./model.ts): `fromCroql` opens every query; what the builder cannot
// show structurally becomes a raw block holding its exact source text, and `readCroql` says where in the
// text each node came from (the builder's edits keep the rest of the text as typed: ./edit.ts).
import { analyze, format, printExpr, rootType } from '../croql/index.ts';
import type { AnalyzeResult, Expr, FieldDef, ListingName } from '../croql/index.ts';
import {
  buildGroup,
  buildNode,
  expandParens,
  fieldText,
  filterText,
  group,
  matchParens,
  newId,
  raw,
  type BuilderNode,
  type CollectionNode,
  type FieldNode,
  type GroupNode,
  type NodeId,
  type Operand,
  type RawNode,
  type ValueLiteral,
  type Span,
} from './model.ts';
import { matchFilter } from './recognize.ts';

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

/**
 * Whether the builder's text `written` formats to what the expression `e` of the checked text formats to:
 * the test every recognised condition passes before it is shown as one. The formatted source of `e` is
 * `print(e)`, and formatting is idempotent (src/croql/format.ts), so a `written` equal to it formats to it
 * too, and neither side is parsed again in the usual case. Parsing thousands of small texts one by one was
 * most of the first opening of a long chain (src/bench/builder.bench.ts).
 */
function writesAs(written: string, e: Expr): boolean {
  const canonical = printExpr(e);
  return written === canonical || formatted(written) === canonical;
}

class Reader {
  readonly origins = new Map<NodeId, Origin>();
  private readonly pairs: Map<number, number>;
  /** `pairs` the other way: each closing parenthesis to its opening one. */
  private readonly opens: Map<number, number>;

  constructor(
    private readonly text: string,
    private readonly context: ListingName,
    private readonly errors: readonly Span[],
    /** The checker's model of the text: which field each name is. */
    private readonly nodes: AnalyzeResult['nodes'],
  ) {
    this.pairs = matchParens(text);
    this.opens = new Map([...this.pairs].map(([open, close]) => [close, open]));
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
    return m && writesAs(filterText({ kind: 'filter', id: '', ...m }), e) ? m : undefined;
  }

  /**
   * The operands of a chain of one operator, each read as a node. The longest leading run of operands that
   * is a filter of its own (`is duplicate and has shared translation and …`) is read as that filter.
   * The parser flattens a parenthesised leading chain into the outer one (`((a) or (b)) or c` has the
   * operands a, b, c, as `a or b or c` has), so a run is found whichever way it was bracketed, and its
   * span grows over the parentheses it cuts through (`a) or (b` → `(a) or (b)`): the node's text is
   * then a query of its own, which an edit of the node replaces.
   */
  private operands(e: Expr & { kind: 'logical' }, scopes: string[]): BuilderNode[] {
    const all = e.operands;
    for (let k = all.length - 1; k >= 2; k--) {
      const from = all[0]!.from;
      const to = all[k - 1]!.to;
      if (to - from > MAX_FILTER_SOURCE) continue;
      const run: Expr = { ...e, operands: all.slice(0, k), opSpans: e.opSpans.slice(0, k - 1), from, to };
      if (!this.filterAt(run, scopes)) continue;
      const span = this.balanced(run);
      if (span.from < e.from || span.to > all[k]!.from || span.to - span.from > MAX_FILTER_SOURCE) continue;
      return [{ ...run, ...span }, ...all.slice(k)].map((x) => this.node(x, scopes));
    }
    return all.map((x) => this.node(x, scopes));
  }

  /** The least span around `span` in which every parenthesis has its partner. */
  private balanced(span: Span): Span {
    let { from, to } = span;
    for (let p = from; p < to; p++) {
      const close = this.pairs.get(p);
      if (close !== undefined && close >= to) to = close + 1;
      const open = this.opens.get(p);
      if (open !== undefined && open < from) {
        from = open;
        p = from; // the parenthesis at `from` is paired with `p`'s: scan on from the one after it
      }
    }
    return { from, to };
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
