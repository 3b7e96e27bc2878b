// "What is at this position" in the checked model (check.ts, AnalyzeResult): the nodes that contain a
// position, outermost first, each with what the checker found out about it. Hover, completion and the schema
// explorer ask the model this instead of finding their way through the text again.
import type { AnalyzeResult, Expr, FieldDef, NodeInfo } from './types.ts';

export interface Located {
  /** The innermost node at the position. */
  node: Expr;
  /** What the checker found out about it (absent for a node the checker never reached). */
  info: NodeInfo | undefined;
  /** Every node containing the position, the root first and `node` last. */
  path: Expr[];
}

/**
 * The nodes that contain `pos`, outermost first. Where two children touch `pos` (one ends there, the next
 * starts there), the one that starts there wins, as the cursor is read as standing before the character at
 * `pos`; a node that only ends at `pos` still counts, so the end of the text finds the last node.
 */
export function locate(model: AnalyzeResult, pos: number): Located | null {
  const root = model.ast;
  if (!root || pos < root.from || pos > root.to) return null;
  const path: Expr[] = [root];
  for (;;) {
    const next = childAt(path[path.length - 1]!, pos);
    if (!next) break;
    path.push(next);
  }
  const node = path[path.length - 1]!;
  return { node, info: model.nodes.get(node), path };
}

/** The field a node names, with the object type that has it: a bare name, or the member of `A of B`. */
export function fieldOf(
  model: AnalyzeResult,
  node: Expr,
): { field: FieldDef; owner: string | undefined } | null {
  const named = node.kind === 'member' ? node.member : node.kind === 'identifier' ? node : null;
  const info = named ? model.nodes.get(named) : undefined;
  return info?.field ? { field: info.field, owner: info.owner } : null;
}

/** The children of a node, in the order they appear in the text. */
export function childrenOf(node: Expr): readonly Expr[] {
  switch (node.kind) {
    case 'negate':
    case 'not':
      return [node.operand];
    case 'arithmetic':
    case 'logical':
      return node.operands;
    case 'comparison':
      return [node.left, node.right];
    case 'between':
      return [node.subject, node.low, node.high];
    case 'member':
      return [node.member, node.object];
    case 'filter':
      return [node.subject, node.predicate];
    case 'if':
      return [node.condition, node.then, node.else];
    default:
      return [];
  }
}

function childAt(node: Expr, pos: number): Expr | null {
  const children = childrenOf(node);
  // A chain holds up to thousands of operands (`id = 1 or … or id = 5000`), in the order of the text: search
  // it. Other nodes have at most three children, and an error node standing for a missing one sits at the
  // node's end, out of that order.
  const chain = node.kind === 'logical' || node.kind === 'arithmetic';
  let lo = 0;
  if (chain) {
    let hi = children.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (children[mid]!.from <= pos) lo = mid;
      else hi = mid - 1;
    }
    lo = Math.max(0, lo - 1);
  }
  let ending: Expr | null = null;
  for (let i = lo; i < children.length; i++) {
    const child = children[i]!;
    if (chain && child.from > pos) break;
    if (child.from <= pos && pos < child.to) return child;
    if (child.from <= pos && child.to === pos) ending = child;
  }
  return ending;
}
