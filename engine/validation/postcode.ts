/**
 * Postcodes (spec section 5): UK is one or two letters, a digit, an optional letter or digit, an
 * optional space, a digit and two letters; France is five digits. GB counts as UK.
 *
 * The portal's other markets have rules of their own too (issue 54: the regional differences made
 * real), as their post offices write them: Australia four digits, after the state as an address
 * line writes it ("NSW 2050"); Belgium and South Africa four digits; the Netherlands four digits
 * and two letters ("1096 AJ"). Countries outside the markets accept anything.
 */

export const UK_POSTCODE = /^([A-Za-z]{1,2}[0-9][A-Za-z0-9]?) ?([0-9][A-Za-z]{2})$/;
export const FR_POSTCODE = /^[0-9]{5}$/;
const AU_POSTCODE = /^(?:(?:NSW|VIC|QLD|WA|SA|TAS|NT|ACT) )?[0-9]{4}$/i;
const FOUR_DIGITS = /^[0-9]{4}$/;
const NL_POSTCODE = /^([0-9]{4}) ?([A-Za-z]{2})$/;

const RULES = { uk: UK_POSTCODE, fr: FR_POSTCODE, au: AU_POSTCODE, be: FOUR_DIGITS, za: FOUR_DIGITS, nl: NL_POSTCODE } as const;
type PostcodeRegion = keyof typeof RULES;

/** Which postcode rule a country code selects ('uk', 'fr', 'au', 'be', 'nl', 'za'), or null (no rule). */
export function postcodeRegion(country: unknown): PostcodeRegion | null {
  if (country === true) return 'uk';
  if (typeof country !== 'string') return null;
  const c = country.trim().toLowerCase();
  if (c === 'gb') return 'uk';
  return c in RULES ? (c as PostcodeRegion) : null;
}

/**
 * True when `value` is a valid postcode for `country` (countries without a rule accept anything).
 * @example isValidPostcode('SW1A1AA', 'GB') // true
 * @example isValidPostcode('1096AJ', 'NL') // true
 */
export function isValidPostcode(value: string, country?: unknown): boolean {
  const region = postcodeRegion(country ?? 'UK');
  return region === null || RULES[region].test(value.trim());
}

/**
 * UK postcodes are normalised to upper-case outcode, space, incode, Dutch ones to digits, space,
 * upper-case letters, an Australian state to upper case; others are only trimmed.
 * @example normalisePostcode('sw1a1aa', 'GB') // 'SW1A 1AA'
 * @example normalisePostcode('1096aj', 'NL') // '1096 AJ'
 */
export function normalisePostcode(value: string, country: unknown = 'UK'): string {
  const v = value.trim();
  const region = postcodeRegion(country);
  if (region === 'au') return AU_POSTCODE.test(v) ? v.toUpperCase() : v;
  if (region !== 'uk' && region !== 'nl') return v;
  const m = RULES[region].exec(v);
  return m ? `${m[1].toUpperCase()} ${m[2].toUpperCase()}` : v;
}
