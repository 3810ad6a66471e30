/**
 * Human labels for JSON pointers into a stage's data, from the stage schema's titles (i18n keys of
 * the `configurator` namespace), e.g. '/locations/1/name' -> 'Locations 2 › Name'. Used by the
 * conflict screen, the history panel and the warnings list.
 */
import { fieldLabel, type Translate } from '../../../engine';
import { decodePointer } from './diff';

type Node = Record<string, unknown>;

/** Follows local `$ref`s ('#/definitions/x'), keeping the referring node's own title. */
function resolve(node: Node | undefined, root: Node): Node | undefined {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 10; hops += 1) {
    const target = (current.$ref as string)
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((n, part) => (n as Node | undefined)?.[part], root) as Node | undefined;
    current = target ? { ...target, ...(current.title ? { title: current.title } : {}) } : undefined;
  }
  return current;
}

/**
 * The label of each step of `pointer`, joined with ' › '; an array item is its list's label with
 * its 1-based position. Unknown parts fall back to the humanised property name.
 * @example pointerLabel(schema, '/feeds/0/links/twitter', t) // 'Franchise feeds 1 › Links › Twitter'
 */
export function pointerLabel(schema: unknown, pointer: string, t: Translate): string {
  const root = (schema ?? {}) as Node;
  let node = resolve(root, root);
  const labels: string[] = [];
  for (const part of decodePointer(pointer)) {
    if (/^\d+$/.test(part) && node?.type === 'array') {
      const position = Number(part) + 1;
      if (labels.length) labels[labels.length - 1] = `${labels[labels.length - 1]} ${position}`;
      else labels.push(String(position));
      node = resolve(node.items as Node | undefined, root);
      continue;
    }
    const child = resolve((node?.properties as Record<string, Node> | undefined)?.[part], root);
    labels.push(fieldLabel(part, child?.title, t));
    node = child;
  }
  return labels.join(' › ');
}

/** A value as one short line for a diff: lists joined, yes/no for booleans, '—' for nothing. */
export function displayValue(value: unknown, t: Translate): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'common:configPages.stagePage.yes' : 'common:configPages.stagePage.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value.every((v) => typeof v !== 'object' || v === null) ? value.join(', ') : t('common:configPages.stagePage.items', { count: value.length });
  }
  if (typeof value === 'object') {
    const name = (value as Record<string, unknown>).name;
    return typeof name === 'string' && name ? name : JSON.stringify(value).slice(0, 80);
  }
  return String(value);
}
