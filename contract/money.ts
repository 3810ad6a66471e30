/**
 * The currency of a price (spec section 9: "Currency symbol by locale: GBP default, AUD, EUR, ZAR").
 * A price is in the currency of the market it is sold in: the region of the company, or of the
 * product. The reader's interface language never changes it; it only formats the number
 * (src/i18n/format.ts `formatMoney`).
 */

export const CURRENCIES = ['GBP', 'AUD', 'EUR', 'ZAR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Spec section 9: GBP unless the region says otherwise. */
export const DEFAULT_CURRENCY: Currency = 'GBP';

/** Region slug (lower case) -> currency; a region not listed (the hidden USA, a new one) pays the default. */
export const REGION_CURRENCY: Readonly<Record<string, Currency>> = {
  uk: 'GBP',
  gb: 'GBP',
  au: 'AUD',
  be: 'EUR',
  fr: 'EUR',
  nl: 'EUR',
  ie: 'EUR',
  za: 'ZAR',
  sa: 'ZAR',
};

/**
 * The currency of one region, compared in any case.
 * @example regionCurrency('FR') // 'EUR'
 * @example regionCurrency(undefined) // 'GBP'
 */
export function regionCurrency(slug: string | null | undefined): Currency {
  return (slug && REGION_CURRENCY[slug.toLowerCase()]) || DEFAULT_CURRENCY;
}

/**
 * The currency of a price sold in these regions: theirs when they share one, else the default
 * (a catalogue price listed for markets of several currencies is quoted in GBP).
 * @example priceCurrency(['be', 'fr', 'nl']) // 'EUR'
 * @example priceCurrency(['uk', 'fr']) // 'GBP'
 */
export function priceCurrency(regionSlugs: readonly string[]): Currency {
  const found = new Set(regionSlugs.map(regionCurrency));
  return found.size === 1 ? [...found][0] : DEFAULT_CURRENCY;
}
