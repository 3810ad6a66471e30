/**
 * Postcodes (spec section 5): UK is one or two letters, a digit, an optional letter or digit, an
 * optional space, a digit and two letters; France is five digits. GB counts as UK.
 */

export const UK_POSTCODE = /^([A-Za-z]{1,2}[0-9][A-Za-z0-9]?) ?([0-9][A-Za-z]{2})$/;
export const FR_POSTCODE = /^[0-9]{5}$/;

/** Which postcode rule a country code selects: 'uk', 'fr' or null (no rule). */
export function postcodeRegion(country: unknown): 'uk' | 'fr' | null {
  if (country === true) return 'uk';
  if (typeof country !== 'string') return null;
  const c = country.trim().toUpperCase();
  if (c === 'UK' || c === 'GB') return 'uk';
  if (c === 'FR') return 'fr';
  return null;
}

/**
 * True when `value` is a valid postcode for `country` (countries without a rule accept anything).
 * @example isValidPostcode('SW1A1AA', 'GB') // true
 */
export function isValidPostcode(value: string, country?: unknown): boolean {
  const region = postcodeRegion(country ?? 'UK');
  const v = value.trim();
  if (region === 'uk') return UK_POSTCODE.test(v);
  if (region === 'fr') return FR_POSTCODE.test(v);
  return true;
}

/**
 * UK postcodes are normalised to upper-case outcode, space, incode; others are only trimmed.
 * @example normalisePostcode('sw1a1aa', 'GB') // 'SW1A 1AA'
 */
export function normalisePostcode(value: string, country: unknown = 'UK'): string {
  const v = value.trim();
  if (postcodeRegion(country) !== 'uk') return v;
  const m = UK_POSTCODE.exec(v);
  return m ? `${m[1].toUpperCase()} ${m[2].toUpperCase()}` : v;
}
