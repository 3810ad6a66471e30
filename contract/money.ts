/**
 * The currency of a price (spec section 9: "Currency symbol by locale: GBP default, AUD, EUR, ZAR";
 * section 3, Enumerations: "Currencies: £ € R $ zł", hence USD and PLN too, issue 54).
 * A price is in the currency of the market it is sold in: the region of the company, or of the
 * product. The reader's interface language never changes it; it only formats the number
 * (`moneyFormat` below; src/i18n/format.ts `formatMoney`, the order form's PDF).
 */

export const CURRENCIES = ['GBP', 'AUD', 'EUR', 'ZAR', 'USD', 'PLN'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Spec section 9: GBP unless the region says otherwise. */
export const DEFAULT_CURRENCY: Currency = 'GBP';

/**
 * Region slug (lower case) -> currency; a region not listed (a new one) pays the default. The USA
 * region (`usa`, seeded, hidden from the region choice) is priced in dollars; Poland has no seeded
 * region: a `pl` region term made in Categories is priced in złoty.
 */
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
  usa: 'USD',
  us: 'USD',
  pl: 'PLN',
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

/**
 * How a price is written: the reader's number format (grouping, decimals, where the sign goes) with
 * the currency's own sign. Intl's `symbol` where the reader's locale has one (£, €, A$ and US$ in
 * English, £GB and $US in French: it tells the dollars apart); where it only has the ISO code (ZAR
 * and PLN outside their countries) the currency's narrow sign (R, zł), unless another of the
 * portal's currencies writes the same sign in that locale (the US dollar in Australia, where "$"
 * is the Australian dollar: there it stays "USD"). One formatter per locale and currency, kept (a
 * list formats a price per row). A locale or currency Intl refuses throws, as Intl does.
 * @example moneyFormat('en-GB', 'PLN').format(12.5) // 'zł 12.50'
 * @example moneyFormat('fr-FR', 'ZAR').format(12.5) // '12,50 R'
 * @example moneyFormat('en-GB', 'USD').format(12.5) // 'US$12.50'
 */
export function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let found = moneyFormats.get(key);
  if (!found) moneyFormats.set(key, (found = pickMoneyFormat(locale, currency)));
  return found;
}
const moneyFormats = new Map<string, Intl.NumberFormat>();

const signOf = (format: Intl.NumberFormat) => format.formatToParts(0).find((p) => p.type === 'currency')?.value ?? '';

function pickMoneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const standard = new Intl.NumberFormat(locale, { style: 'currency', currency });
  if (signOf(standard) !== currency) return standard;
  const narrow = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
  const sign = signOf(narrow);
  const shared = CURRENCIES.some((other) => other !== currency && signOf(new Intl.NumberFormat(locale, { style: 'currency', currency: other, currencyDisplay: 'narrowSymbol' })) === sign);
  return shared ? standard : narrow;
}
