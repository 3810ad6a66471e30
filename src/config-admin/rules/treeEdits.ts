/**
 * The builder's edits of a condition tree: pure, each returns a new tree (nodes it does not touch
 * keep their identity) and leaves its input untouched. Nodes are found by their `id`.
 */
import type { Comparison, Condition, Group } from './conditionModel';

/** Replaces the node `id` with what `edit` makes of it. */
export function updateNode(root: Group, id: string, edit: (node: Condition) => Condition): Group {
  const visit = (node: Condition): Condition => {
    if (node.id === id) return edit(node);
    if (node.kind !== 'group') return node;
    let changed = false;
    const children = node.children.map((child) => {
      const next = visit(child);
      if (next !== child) changed = true;
      return next;
    });
    return changed ? { ...node, children } : node;
  };
  return visit(root) as Group;
}

/** Adds `child` at the end of group `groupId`. */
export const addChild = (root: Group, groupId: string, child: Condition): Group =>
  updateNode(root, groupId, (node) => (node.kind === 'group' ? { ...node, children: [...node.children, child] } : node));

/** Removes node `id` (the root stays). */
export function removeNode(root: Group, id: string): Group {
  const visit = (node: Group): Group => {
    if (!node.children.some((c) => c.id === id || c.kind === 'group')) return node;
    const children = node.children.filter((c) => c.id !== id).map((c) => (c.kind === 'group' ? visit(c) : c));
    return children.length === node.children.length && children.every((c, i) => c === node.children[i]) ? node : { ...node, children };
  };
  return visit(root);
}

/** A comparison with new parts; a new operator drops the spelling it was found in (`style`). */
export function changeComparison(node: Comparison, change: Partial<Pick<Comparison, 'field' | 'op' | 'value'>>): Comparison {
  const next: Comparison = { ...node, ...change };
  if (change.op !== undefined && change.op !== node.op) delete next.style;
  if (next.op === 'truthy' || next.op === 'falsy') delete next.value;
  return next;
}
