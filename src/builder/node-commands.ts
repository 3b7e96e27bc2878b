// The edits a builder row makes besides its own controls: keyboard shortcuts, add, remove, and the
// update hook the condition editors use.
import type { KeyboardEvent } from 'react';
import type { LogicalOp } from '../croql/index.ts';
import { newNode, type NewKind } from './choices.ts';
import { useBuilder, type BuilderApi } from './context.ts';
import type { BuilderNode, GroupNode, NodeId } from './model.ts';
import {
  indent,
  insert,
  insertAfter,
  locate,
  move,
  outdent,
  remove,
  setOp,
  toggleNegated,
  update,
} from './ops.ts';

export const OPS: { value: LogicalOp; label: string }[] = [
  { value: 'and', label: 'all of (and)' },
  { value: 'or', label: 'any of (or)' },
  { value: 'xor', label: 'odd number of (xor)' },
];
const opLabel = (op: LogicalOp) => OPS.find((o) => o.value === op)!.label;
const ADDED: Record<NewKind, string> = {
  filter: 'an editor filter',
  field: 'a field condition',
  collection: 'a count condition',
  raw: 'a raw CroQL block',
  group: 'a group',
};
const nextOp = (op: LogicalOp): LogicalOp => (op === 'and' ? 'or' : op === 'or' ? 'xor' : 'and');

export function defaultKind(api: BuilderApi, scopes: readonly string[]): NewKind {
  return api.context === 'strings' && scopes.length === 1 ? 'filter' : 'field';
}

/** The control keys and shortcuts shared by every row. */
export function useRowKeys(node: BuilderNode, scopes: readonly string[], isGroup: boolean) {
  const api = useBuilder();
  return (e: KeyboardEvent) => {
    if (!e.altKey || e.ctrlKey || e.metaKey) return;
    const key = (e.target as HTMLElement).dataset.focus ?? 'first';
    const id = node.id;
    let handled = true;
    switch (e.code) {
      case 'ArrowUp':
        api.commit((r) => move(r, id, -1), { id, key }, 'Moved up');
        break;
      case 'ArrowDown':
        api.commit((r) => move(r, id, 1), { id, key }, 'Moved down');
        break;
      case 'ArrowRight':
        api.commit((r) => indent(r, id), { id, key }, 'Indented into a group');
        break;
      case 'ArrowLeft':
        api.commit((r) => outdent(r, id), { id, key }, 'Moved out of the group');
        break;
      case 'Backspace':
      case 'Delete':
        removeNode(api, id);
        break;
      case 'Enter':
      case 'KeyG': {
        const kind: NewKind = e.code === 'KeyG' ? 'group' : defaultKind(api, scopes);
        addNode(api, isGroup ? { into: id } : { after: id }, kind, [...scopes]);
        break;
      }
      case 'KeyO': {
        const target = isGroup ? (node as GroupNode) : locate(api.root, id)?.parent;
        if (target)
          api.commit(
            (r) => setOp(r, target.id, nextOp(target.op)),
            { id, key },
            `Group operator: ${opLabel(nextOp(target.op))}`,
          );
        break;
      }
      case 'KeyN':
        if (isGroup)
          api.commit(
            (r) => toggleNegated(r, id),
            { id, key },
            (node as GroupNode).negated ? 'Group no longer negated' : 'Group negated',
          );
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
}

export function addNode(
  api: BuilderApi,
  where: { into: NodeId } | { after: NodeId },
  kind: NewKind,
  scopes: string[],
) {
  const node = newNode(kind, scopes, api.values, api.edition);
  const focus = { id: node.id, key: kind === 'group' ? 'op' : 'first' };
  const message = `Added ${ADDED[kind]}`;
  if ('into' in where) api.commit((r) => insert(r, where.into, node), focus, message);
  else api.commit((r) => insertAfter(r, where.after, node), focus, message);
}

export function removeNode(api: BuilderApi, id: NodeId) {
  const at = locate(api.root, id);
  if (!at) return;
  const siblings = at.parent.children;
  const next = siblings[at.index + 1] ?? siblings[at.index - 1];
  api.commit(
    (r) => remove(r, id),
    next ? { id: next.id, key: 'first' } : { id: at.parent.id, key: 'op' },
    'Removed',
  );
}

/** Updates one node of the tree (the editors of a condition write through it). */
export function useSet<N extends BuilderNode>(node: N) {
  const api = useBuilder();
  return (fn: (n: N) => N) => api.commit((r) => update(r, node.id, (n) => fn(n as N)));
}
