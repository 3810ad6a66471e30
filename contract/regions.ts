/**
 * The USA regions, hidden from the region choice everywhere (spec section 5): registration's region
 * list and its check on the server (engine/accounts `isHiddenRegion`, `visibleRegions`), and every
 * form's and filter's region choice in the app (src/data/terms.ts).
 */

/** Region slugs hidden from the region choice, in lower case; a slug is compared in any case. */
export const HIDDEN_REGION_SLUGS = ['usa', 'us'] as const;

/**
 * True for a hidden (USA) region's slug, whatever its case.
 * @example isHiddenRegion('usa') // true
 * @example isHiddenRegion('US') // true
 * @example isHiddenRegion('uk') // false
 */
export function isHiddenRegion(slug: string | null | undefined): boolean {
  return slug != null && (HIDDEN_REGION_SLUGS as readonly string[]).includes(slug.toLowerCase());
}
