/**
 * A field's label for a JSON pointer into a stage's data, e.g. '/locations/1/name' ->
 * 'Locations › Wisbech › Name', as the overview labels it (dashboard/summary.ts is the one
 * labeller: rows by their names, hidden fields left out). Used by the warnings list.
 */
import type { Translate } from '../../../engine';
import { pointerTarget } from '../dashboard/summary';

/**
 * The labels of `pointer`'s steps joined with ' › ' (rows named from `doc`, else "List 2"); the
 * stage's own fields only, so a pointer into a hidden field still names where it is.
 * @example fieldPath('social-feeds', '/feeds/1/links/twitter', {}, t) // 'Franchise feeds 2 › Links › Twitter'
 */
export function fieldPath(slug: string, pointer: string, doc: Record<string, unknown>, t: Translate): string {
  const parts = pointer.split('/');
  // A warning on a hidden field (an id) is named by the row or list that holds it.
  for (let end = parts.length; end > 1; end -= 1) {
    const target = pointerTarget(slug, parts.slice(0, end).join('/'), { doc }, t);
    if (target) return target.labels.join(' › ');
  }
  return '';
}
