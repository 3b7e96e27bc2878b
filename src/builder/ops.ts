// Edits of the builder tree. Every function returns a new root (nodes on the path are copied, the rest is
// shared, which is how the writer knows what did not change) or the same root when the edit does not apply.
import type { LogicalOp } from '../croql/index.ts';
import { group, type BuilderNode, type GroupNode, type NodeId } from './model.ts';

export interface Location {
  /** The group holding the node (a `where` group for the top of a nested condition). */
  parent: GroupNode;
  index: number;
}

/** Groups in document order: the root, nested groups and `where` groups. */
export function* walk(node: BuilderNode): Generator<BuilderNode> {
  yield node;
  if (node.kind === 'group') for (const c of node.children) yield* walk(c);
  if (node.kind === 'collection') yield* walk(node.where);
}

export function find(root: GroupNode, id: NodeId): BuilderNode | undefined {
  for (const n of walk(root)) if (n.id === id) return n;
  return undefined;
}

export function locate(root: GroupNode, id: NodeId): Location | undefined {
  for (const n of walk(root)) {
    if (n.kind !== 'group') continue;
    const index = n.children.findIndex((c) => c.id === id);
    if (index >= 0) return { parent: n, index };
  }
  return undefined;
}

/** Replaces the node with id `id` by `fn(node)`, copying its ancestors. */
export function update(root: GroupNode, id: NodeId, fn: (n: BuilderNode) => BuilderNode): GroupNode {
  const visit = (n: BuilderNode): BuilderNode => {
    if (n.id === id) return fn(n);
    if (n.kind === 'group') {
      let changed = false;
      const children = n.children.map((c) => {
        const next = visit(c);
        if (next !== c) changed = true;
        return next;
      });
      return changed ? { ...n, children } : n;
    }
    if (n.kind === 'collection') {
      const where = visit(n.where);
      return where !== n.where ? { ...n, where: where as GroupNode } : n;
    }
    return n;
  };
  return visit(root) as GroupNode;
}

const withChildren = (g: BuilderNode, children: BuilderNode[]): BuilderNode =>
  g.kind === 'group' ? { ...g, children } : g;

export function insert(root: GroupNode, groupId: NodeId, node: BuilderNode, index?: number): GroupNode {
  return update(root, groupId, (g) => {
    if (g.kind !== 'group') return g;
    const children = [...g.children];
    children.splice(index ?? children.length, 0, node);
    return withChildren(g, children);
  });
}

/** Adds `node` right after `afterId` in its group. */
export function insertAfter(root: GroupNode, afterId: NodeId, node: BuilderNode): GroupNode {
  const at = locate(root, afterId);
  return at ? insert(root, at.parent.id, node, at.index + 1) : root;
}

export function remove(root: GroupNode, id: NodeId): GroupNode {
  const at = locate(root, id);
  if (!at) return root;
  return update(root, at.parent.id, (g) =>
    withChildren(
      g,
      at.parent.children.filter((c) => c.id !== id),
    ),
  );
}

export function move(root: GroupNode, id: NodeId, delta: -1 | 1): GroupNode {
  const at = locate(root, id);
  if (!at) return root;
  const to = at.index + delta;
  if (to < 0 || to >= at.parent.children.length) return root;
  const children = [...at.parent.children];
  [children[at.index], children[to]] = [children[to]!, children[at.index]!];
  return update(root, at.parent.id, (g) => withChildren(g, children));
}

/**
 * Indent: into the previous sibling when it is a group (at its end), otherwise into a new group of the
 * other operator in its place (an `and` group inside an `and` group would say nothing new).
 */
export function indent(root: GroupNode, id: NodeId): GroupNode {
  const at = locate(root, id);
  if (!at) return root;
  const node = at.parent.children[at.index]!;
  const previous = at.parent.children[at.index - 1];
  if (previous?.kind === 'group') {
    const children = at.parent.children.filter((c) => c.id !== id);
    const into = { ...previous, children: [...previous.children, node] };
    return update(root, at.parent.id, (g) =>
      withChildren(
        g,
        children.map((c) => (c.id === previous.id ? into : c)),
      ),
    );
  }
  const op: LogicalOp = at.parent.op === 'and' ? 'or' : 'and';
  return update(root, id, () => group(op, [node]));
}

/** Outdent: out of its group, right after it; a group left empty goes away. */
export function outdent(root: GroupNode, id: NodeId): GroupNode {
  const at = locate(root, id);
  if (!at) return root;
  const outer = locate(root, at.parent.id);
  if (!outer) return root;
  const node = at.parent.children[at.index]!;
  const rest = at.parent.children.filter((c) => c.id !== id);
  const children = [...outer.parent.children];
  const replaced: BuilderNode[] = rest.length > 0 ? [{ ...at.parent, children: rest }, node] : [node];
  children.splice(outer.index, 1, ...replaced);
  return update(root, outer.parent.id, (g) => withChildren(g, children));
}

export function setOp(root: GroupNode, id: NodeId, op: LogicalOp): GroupNode {
  return update(root, id, (g) => (g.kind === 'group' && g.op !== op ? { ...g, op } : g));
}

export function toggleNegated(root: GroupNode, id: NodeId): GroupNode {
  return update(root, id, (g) => (g.kind === 'group' ? { ...g, negated: !g.negated } : g));
}

/** The tree without ids, for comparing trees. */
export function stripIds(node: BuilderNode): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'id' ? undefined : value)));
}
