// Writing builder edits back into the query text without touching what the user did not change.
//
// A document is the text plus the tree read from it plus, for every node, where its text lies (`Origin`).
// An edit replaces node objects (the tree is immutable), so "unchanged" is object identity. Writing:
//   - the text was canonical (`format(text) === text`): write `toCroql(tree)` (build, then format);
//   - otherwise splice: an unchanged node is copied character for character from the old text; a changed
//     group keeps its own separators and parentheses when its operator and negation are the same; only a
//     changed condition is written anew (formatted on its own).
// Either way the new document knows where every node now lies, so the next edit can splice again.
import { format } from '../croql/index.ts';
import type { ListingName } from '../croql/index.ts';
import {
  buildNode,
  collectionText,
  fieldText,
  filterText,
  needsParens,
  toCroql,
  type BuilderNode,
  type CollectionNode,
  type GroupNode,
  type NodeId,
  type Span,
  type Strength,
} from './model.ts';
import { readCroql, type Origin } from './read.ts';

export interface BuilderDoc {
  text: string;
  context: ListingName;
  root: GroupNode;
  origins: ReadonlyMap<NodeId, Origin>;
}

export function openDoc(text: string, context: ListingName): BuilderDoc {
  const { root, origins } = readCroql(text, context);
  return { text, context, root, origins };
}

/** The document after the builder replaced its tree with `root`. */
export function editDoc(doc: BuilderDoc, root: GroupNode): BuilderDoc {
  if (root === doc.root) return doc;
  if (format(doc.text) === doc.text) {
    const text = toCroql(root);
    const fresh = readCroql(text, doc.context);
    const origins = new Map<NodeId, Origin>();
    mapOrigins(root, fresh.root, fresh.origins, origins);
    return { text, context: doc.context, root, origins };
  }
  const piece = new Splicer(doc).node(root);
  const origins = new Map<NodeId, Origin>();
  for (const m of piece.marks) origins.set(m.node.id, m);
  return { text: piece.text, context: doc.context, root, origins };
}

// ---------------------------------------------------------------------------------------------------------
// After a canonical write: where each of our nodes lies, from the tree read back from the new text.

const emits = (n: BuilderNode) => buildNode(n).text.trim() !== '';

function mapOrigins(
  ours: BuilderNode,
  theirs: BuilderNode,
  their: ReadonlyMap<NodeId, Origin>,
  out: Map<NodeId, Origin>,
): void {
  const o = their.get(theirs.id);
  if (!o) return;
  const isGroup = (n: BuilderNode) => n.kind === 'group';
  if (isGroup(ours) !== isGroup(theirs)) return;
  out.set(ours.id, { ...o, node: ours });
  if (ours.kind === 'group' && theirs.kind === 'group') {
    const a = ours.children.filter(emits);
    const b = theirs.children;
    if (ours.op !== theirs.op || ours.negated !== theirs.negated || a.length !== b.length) {
      out.delete(ours.id);
      if (a.length === 1 && b.length === 1) mapOrigins(a[0]!, b[0]!, their, out);
      return;
    }
    a.forEach((child, i) => mapOrigins(child, b[i]!, their, out));
  } else if (ours.kind === 'collection' && theirs.kind === 'collection') {
    mapOrigins(ours.where, theirs.where, their, out);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Splicing

interface Piece {
  text: string;
  /** Origins relative to the start of `text`. */
  marks: Origin[];
}

const shift = (s: Span, by: number): Span => ({ from: s.from + by, to: s.to + by });
const EMPTY: Piece = { text: '', marks: [] };

/** Concatenates strings and pieces, moving the marks of each piece to where it lands. */
function cat(parts: (string | Piece)[]): Piece {
  let text = '';
  const marks: Origin[] = [];
  for (const p of parts) {
    if (typeof p === 'string') {
      text += p;
      continue;
    }
    const at = text.length;
    text += p.text;
    for (const m of p.marks)
      marks.push({
        ...m,
        span: shift(m.span, at),
        interior: shift(m.interior, at),
        region: shift(m.region, at),
      });
  }
  return { text, marks };
}

function isWrapped(text: string): boolean {
  if (!text.startsWith('(') || !text.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (c === '"' && text[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0 && i !== text.length - 1) return false;
  }
  return true;
}

class Splicer {
  constructor(private readonly doc: BuilderDoc) {}

  private unchanged(node: BuilderNode): Origin | undefined {
    const o = this.doc.origins.get(node.id);
    return o && o.node === node ? o : undefined;
  }

  /** The old text of `range`, with the origins of `node` and its descendants. */
  private copy(node: BuilderNode, range: Span): Piece {
    const marks: Origin[] = [];
    const visit = (n: BuilderNode) => {
      const o = this.doc.origins.get(n.id);
      if (o) {
        marks.push({
          ...o,
          span: shift(o.span, -range.from),
          interior: shift(o.interior, -range.from),
          region: shift(o.region, -range.from),
        });
      }
      if (n.kind === 'group') n.children.forEach(visit);
      if (n.kind === 'collection') visit(n.where);
    };
    visit(node);
    return { text: this.doc.text.slice(range.from, range.to), marks };
  }

  /** The text of a node's own span. */
  node(node: BuilderNode): Piece {
    const o = this.unchanged(node);
    if (o) return this.copy(node, o.span);
    let piece: Piece;
    switch (node.kind) {
      case 'group':
        return this.group(node);
      case 'collection':
        return this.collection(node);
      case 'field':
        piece = { text: format(fieldText(node)), marks: [] };
        break;
      case 'filter':
        piece = { text: format(filterText(node)), marks: [] };
        break;
      case 'raw':
        piece = { text: node.text, marks: [] };
        break;
    }
    const whole = { from: 0, to: piece.text.length };
    piece.marks.push({ span: whole, interior: whole, region: whole, wrapped: false, node });
    return piece;
  }

  /** A child as it stands among `siblings` children of an `op` group, with the parentheses it needs. */
  private child(node: BuilderNode, op: GroupNode['op'], siblings: number): Piece {
    const o = this.unchanged(node);
    const strength: Strength = buildNode(node).strength;
    let piece = o ? this.copy(node, o.region) : this.node(node);
    if (siblings > 1 && needsParens(strength, op) && !isWrapped(piece.text)) piece = cat(['(', piece, ')']);
    // The region of the child is the whole piece, parentheses included; its span stays inside.
    const own = piece.marks.find((m) => m.node === node);
    if (own) own.region = { from: 0, to: piece.text.length };
    return piece;
  }

  private group(g: GroupNode): Piece {
    const kids = g.children.filter(emits);
    if (kids.length === 0) return EMPTY;
    const pieces = kids.map((c) => this.child(c, g.op, kids.length));
    const o = this.doc.origins.get(g.id);
    const old = o?.node.kind === 'group' ? o.node : undefined;
    const oldKids = old?.children.map((c) => this.doc.origins.get(c.id));
    let result: Piece;
    let interior: Span;
    let wrapped = g.negated;
    const layout = o && old && oldKids ? this.layout(o, oldKids) : undefined;
    if (layout && old!.op === g.op && old!.negated === g.negated && (!g.negated || o!.wrapped)) {
      // Same kind of group: keep its own characters (prefix `not (`, spacing, operator words).
      const { opening, closing, head, seps, tail } = layout;
      const parts: (string | Piece)[] = [opening + head];
      pieces.forEach((p, i) => {
        if (i > 0) parts.push(seps[i - 1] ?? ` ${g.op} `);
        parts.push(p);
      });
      parts.push(tail + closing);
      result = cat(parts);
      interior = { from: opening.length, to: result.text.length - closing.length };
      wrapped = o!.wrapped;
    } else {
      const parts: (string | Piece)[] = g.negated ? ['not ('] : [];
      pieces.forEach((p, i) => {
        if (i > 0) parts.push(` ${g.op} `);
        parts.push(p);
      });
      if (g.negated) parts.push(')');
      result = cat(parts);
      interior = g.negated ? { from: 5, to: result.text.length - 1 } : { from: 0, to: result.text.length };
    }
    const whole = { from: 0, to: result.text.length };
    result.marks.push({ span: whole, interior, region: whole, wrapped, node: g });
    return result;
  }

  /**
   * The characters of a group around its children, when they are only spacing and operator words (a chain
   * like `(a and b) and c` reads as one group whose separators hold parentheses: it is rebuilt instead).
   */
  private layout(o: Origin, kids: (Origin | undefined)[]) {
    if (kids.length === 0 || kids.some((k) => k === undefined)) return undefined;
    const text = this.doc.text;
    const regions = (kids as Origin[]).map((k) => k.region);
    const outer = { from: Math.min(o.span.from, o.interior.from), to: Math.max(o.span.to, o.interior.to) };
    const head = text.slice(o.interior.from, regions[0]!.from);
    const seps = regions.slice(1).map((r, i) => text.slice(regions[i]!.to, r.from));
    const tail = text.slice(regions[regions.length - 1]!.to, o.interior.to);
    if ([head, tail, ...seps].some((t) => /[()]/.test(t))) return undefined;
    return {
      opening: text.slice(outer.from, o.interior.from),
      closing: text.slice(o.interior.to, outer.to),
      head,
      seps,
      tail,
    };
  }

  private collection(c: CollectionNode): Piece {
    const whereOrigin = this.unchanged(c.where);
    const where = whereOrigin ? this.copy(c.where, whereOrigin.interior) : this.group(c.where);
    let piece: Piece;
    if (where.text.trim() === '') {
      piece = { text: format(collectionText(c, '')), marks: [] };
    } else {
      const [head, tail] = collectionText(c, '\u0000').split('\u0000') as [string, string];
      piece = cat([head, where, tail]);
      const own = piece.marks.find((m) => m.node === c.where);
      if (own) {
        const at = head.length;
        const inner = { from: at, to: at + where.text.length };
        own.span = own.interior = own.region = inner;
      }
    }
    const whole = { from: 0, to: piece.text.length };
    piece.marks.push({ span: whole, interior: whole, region: whole, wrapped: false, node: c });
    return piece;
  }
}
