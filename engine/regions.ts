/**
 * Regions and countries (spec section 9), as named data the stages and the app share. A company's
 * region is a term of the `region` taxonomy, by slug (uk, au, be, fr, nl, za, usa); country fields
 * hold ISO-style codes (GB, FR, ...), where UK is also accepted for the United Kingdom.
 */
import countryShape from '../schemas/shapes/country.json';

/**
 * The region slugs a company may have (the `region` taxonomy's terms, server/db/seed-data.ts, without
 * the hidden USA: no company registers there). What `$company.region` holds in a `visibleIf`; the
 * stage meta-schema's test-case `company.region` lists the same (a test checks the two agree).
 */
export const COMPANY_REGIONS = ['uk', 'au', 'be', 'fr', 'nl', 'za'] as const;

/** The region a company without one is taken to be in ("Default region UK"). */
export const DEFAULT_REGION = 'uk';

/** Spec section 9's "Europe set": the countries the portal counts as Europe (UK and GB both the United Kingdom). */
export const EUROPE_COUNTRIES = ['UK', 'GB', 'FR', 'IE', 'PL', 'NL'] as const;

/** Spec section 9's "partner regions": the countries outside the UK where the provider works with partners. */
export const PARTNER_REGIONS = ['ZA', 'FR', 'NL', 'AU', 'US'] as const;

/**
 * The countries a country field offers (schemas/shapes/country.json `enum`): the Europe set, the
 * partner regions and the country of every portal region (Belgium is a region in neither set).
 * Kept as the shape's data, which the forms and validation read; a test checks the two agree.
 */
export const COUNTRY_CHOICES: readonly string[] = countryShape.enum;

/**
 * Region slugs whose upper-case is not the country code the country fields hold: the United
 * Kingdom is `uk` (GB, as registries and postcodes know it), the USA `usa`, South Africa's older `sa`.
 */
const COUNTRY_OF_REGION: Readonly<Record<string, string>> = { uk: 'GB', usa: 'US', sa: 'ZA' };

/**
 * The default country of a company's country fields: its region upper-cased (spec section 9,
 * "Default region-country is the company region upper-cased"), UK as GB; the default region's
 * (GB) when the company has no region or one whose country no field offers, so defaults stay valid data.
 * @example regionCountry('fr') // 'FR'
 * @example regionCountry('uk') // 'GB'
 * @example regionCountry(null) // 'GB'
 */
export function regionCountry(region?: string | null): string {
  const of = (slug: string) => COUNTRY_OF_REGION[slug] ?? slug.toUpperCase();
  const country = of((region || DEFAULT_REGION).toLowerCase());
  return COUNTRY_CHOICES.includes(country) ? country : of(DEFAULT_REGION);
}
