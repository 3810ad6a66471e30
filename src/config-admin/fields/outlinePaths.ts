/** Small readers of the outline: a path's key, where a node's children live, what is read-only. */
import { ITEMS, type FieldNode, type FieldPath } from './model/types';

/** A path as one string (a React key, a dnd-kit id, the selection). */
export const keyOf = (path: FieldPath): string => JSON.stringify(path);

/** Where a node's children are added: a group's own path, a list's items; null for the rest. */
export function childContainer(node: FieldNode): FieldPath | null {
  if (node.kind === 'group') return node.path;
  if (node.kind === 'list') return [...node.path, ITEMS];
  return null;
}

/** The inside of a shared shape (a `shape` node, or a list whose items are one) is edited in JSON only. */
export const sharesInside = (node: FieldNode): boolean => node.kind === 'shape' || node.shape !== null;

/** The keys of every node inside a shared shape: shown, never edited here. */
export function insideShapes(tree: readonly FieldNode[], inside = false, out = new Set<string>()): Set<string> {
  for (const node of tree) {
    if (inside) out.add(keyOf(node.path));
    insideShapes(node.children, inside || sharesInside(node), out);
  }
  return out;
}

/** Every node of the tree, depth first (the tests open each one's panel). */
export function allNodes(tree: readonly FieldNode[]): FieldNode[] {
  return tree.flatMap((n) => [n, ...allNodes(n.children)]);
}
