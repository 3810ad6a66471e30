import { DEFAULT_CURRENCY, moneyFormat, type Currency } from '../../contract/money';
import { DEFAULT_LOCALE, toLocale } from './locales';

/**
 * The one money helper: an amount in the price's own currency (contract/money.ts: the region's or
 * company's, never the reader's language), written the way the reader's locale writes numbers,
 * with the currency's own sign (`moneyFormat`: R and zł where the locale has only the ISO code).
 *
 * @example formatMoney(1234.5, 'GBP', 'en-GB') // '£1,234.50'
 * @example formatMoney(1234.5, 'GBP', 'fr-FR') // '1 234,50 £GB' (still pounds: only the format is French)
 * @example formatMoney(495, 'EUR', 'nl-BE') // '€ 495,00'
 * @example formatMoney(495, 'PLN', 'fr-FR') // '495,00 zł'
 */
export function formatMoney(amount: number, currency: Currency | string | null | undefined = DEFAULT_CURRENCY, readerLocale: string | null | undefined = DEFAULT_LOCALE): string {
  // One formatter per locale and currency, kept (moneyFormat): building one per price (a list's
  // every row) cost more than the list's own rendering (issue 32). A currency Intl refuses throws.
  return moneyFormat(toLocale(readerLocale), currency || DEFAULT_CURRENCY).format(amount);
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

/** A date, a timestamp or epoch milliseconds as a Date, or null when empty or invalid. */
function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A time of day (hours and minutes, in the reader's time zone) written the way the portal's locale
 * writes it: 24-hour in en-GB, French and Dutch, "5:02 pm" in en-AU. Always the portal's locale,
 * never the browser's (`toLocaleTimeString([])` gave a French screen "05:02 AM" in an English
 * browser, issue 54). Empty or invalid input gives ''.
 *
 * @example formatTime('2026-03-07T17:02:00', 'en-GB') // '17:02'
 * @example formatTime('2026-03-07T05:02:00', 'fr-FR') // '05:02'
 */
export function formatTime(value: Date | string | number | null | undefined, locale: string | null | undefined = DEFAULT_LOCALE): string {
  const date = toDate(value);
  if (!date) return '';
  const tag = toLocale(locale);
  // One formatter per locale, kept (a list formats a time per row; see formatMoney).
  let formatter = timeFormats.get(tag);
  if (!formatter) timeFormats.set(tag, (formatter = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' })));
  return formatter.format(date);
}
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as its date (dd/mm/yyyy, as formatDate) and its time in the portal's locale (formatTime).
 *
 * @example formatDateTime('2026-03-07T17:02:00', 'fr-FR') // '07/03/2026 17:02'
 */
export function formatDateTime(value: Date | string | number | null | undefined, locale: string | null | undefined = DEFAULT_LOCALE): string {
  const date = toDate(value);
  return date ? `${formatDate(date)} ${formatTime(date, locale)}` : '';
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

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * How long ago (or ahead) a moment is, in the portal's locale ("5 minutes ago", "il y a 5 minutes",
 * "yesterday"); beyond a week its date (dd/mm/yyyy, as formatDate). Under a minute: "now". Empty or
 * invalid input gives ''.
 *
 * @example formatRelativeTime('2026-03-07T17:00:00Z', 'en-GB', Date.parse('2026-03-07T17:05:00Z')) // '5 minutes ago'
 */
export function formatRelativeTime(value: Date | string | number | null | undefined, locale: string | null | undefined = DEFAULT_LOCALE, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const tag = toLocale(locale);
  let formatter = relativeFormats.get(tag);
  if (!formatter) relativeFormats.set(tag, (formatter = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' })));
  let amount = (date.getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return formatter.format(0, 'second');
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return formatter.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(date);
}
