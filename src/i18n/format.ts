import { DEFAULT_LOCALE, toLocale, type Locale } from './locales';

/** Currency by locale (spec section 9): GBP by default, AUD, EUR, ZAR. */
const CURRENCY: Record<Locale, { code: string; symbol: string }> = {
  'en-GB': { code: 'GBP', symbol: '£' },
  'en-AU': { code: 'AUD', symbol: '$' },
  'en-ZA': { code: 'ZAR', symbol: 'R' },
  'fr-FR': { code: 'EUR', symbol: '€' },
  'fr-BE': { code: 'EUR', symbol: '€' },
  'nl-NL': { code: 'EUR', symbol: '€' },
  'nl-BE': { code: 'EUR', symbol: '€' },
};

/**
 * The currency code and symbol of a locale; unknown locales get the default (GBP).
 *
 * @example currencyFor('en-ZA') // { code: 'ZAR', symbol: 'R' }
 */
export function currencyFor(locale: string | null | undefined): { code: string; symbol: string } {
  return CURRENCY[toLocale(locale)];
}

/**
 * An amount with the locale's currency symbol in front and the locale's digit grouping:
 * always symbol-first, two decimals, so prices read the same way across the portal.
 *
 * @example formatCurrency(1234.5, 'en-GB') // '£1,234.50'
 * @example formatCurrency(1234.5, 'fr-FR') // '€1 234,50' (narrow no-break space as group separator)
 */
export function formatCurrency(amount: number, locale: string | null | undefined = DEFAULT_LOCALE): string {
  const resolved = toLocale(locale);
  const { symbol } = CURRENCY[resolved];
  const number = new Intl.NumberFormat(resolved, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}${symbol}${number}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as dd/mm/yyyy (spec section 5), whatever the locale. Date-only strings (`2026-03-07`)
 * are read as calendar dates, so no time zone can move them a day; empty or invalid input gives ''.
 *
 * @example formatDate('2026-03-07') // '07/03/2026'
 */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/**
 * Reads a dd/mm/yyyy date back to ISO `yyyy-mm-dd`, or null when it is not a real date.
 *
 * @example parseDate('29/02/2024') // '2024-02-29'
 */
export function parseDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}
