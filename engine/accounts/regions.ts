import { isHiddenRegion } from '../../contract/regions';
import { DEFAULT_LANGUAGE, INDEPENDENT_TYPE_ID, REGION_LANGUAGE } from './constants';

/**
 * True for the USA regions that registration hides, in any case (the one rule, contract/regions.ts,
 * which the app's region choices use too).
 * @example isHiddenRegion('usa') // true
 */
export { isHiddenRegion };

/**
 * The regions a registering dealer may choose (USA hidden).
 * @example visibleRegions([{ id: 7, slug: 'uk' }, { id: 13, slug: 'usa' }]) // [{ id: 7, slug: 'uk' }]
 */
export function visibleRegions<T extends { slug: string }>(regions: readonly T[]): T[] {
  return regions.filter((r) => !isHiddenRegion(r.slug));
}

/**
 * Company language for a region slug (spec section 9): 'fr' for fr/FR, else 'en'.
 * @example languageForRegion('fr') // 'fr'
 */
export function languageForRegion(slug: string | null | undefined): string {
  return (slug != null && REGION_LANGUAGE[slug]) || DEFAULT_LANGUAGE;
}

/**
 * Whether the makes (franchises) choice is hidden for a company type: only for Independent (6).
 * @example makesHidden(6) // true
 */
export function makesHidden(typeId: number | null | undefined): boolean {
  return typeId === INDEPENDENT_TYPE_ID;
}
