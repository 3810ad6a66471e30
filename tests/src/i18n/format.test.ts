import { describe, expect, it } from 'vitest';
import { currencyFor, formatCurrency, formatDate, parseDate } from '../../../src/i18n/format';
import { DEFAULT_LOCALE, LOCALES, toLocale } from '../../../src/i18n/locales';

// Intl uses narrow no-break spaces as French group separators: compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('locales', () => {
  it('has the seven locales with en-GB as default', () => {
    expect([...LOCALES].sort()).toEqual(['en-AU', 'en-GB', 'en-ZA', 'fr-BE', 'fr-FR', 'nl-BE', 'nl-NL']);
    expect(DEFAULT_LOCALE).toBe('en-GB');
    expect(toLocale('de-DE')).toBe('en-GB');
    expect(toLocale(null)).toBe('en-GB');
  });
});

describe('currency by locale (spec section 9)', () => {
  it('maps each locale to its currency', () => {
    expect(currencyFor('en-GB')).toEqual({ code: 'GBP', symbol: '£' });
    expect(currencyFor('en-AU')).toEqual({ code: 'AUD', symbol: '$' });
    expect(currencyFor('en-ZA')).toEqual({ code: 'ZAR', symbol: 'R' });
    for (const locale of ['fr-FR', 'fr-BE', 'nl-NL', 'nl-BE']) expect(currencyFor(locale)).toEqual({ code: 'EUR', symbol: '€' });
    expect(currencyFor('xx')).toEqual({ code: 'GBP', symbol: '£' });
  });

  it('formats amounts with the symbol first and the locale digits', () => {
    expect(formatCurrency(1234.5, 'en-GB')).toBe('£1,234.50');
    expect(formatCurrency(3000, 'en-AU')).toBe('$3,000.00');
    expect(plain(formatCurrency(1234.5, 'fr-FR'))).toBe('€1 234,50');
    expect(formatCurrency(1234.5, 'nl-NL')).toBe('€1.234,50');
    expect(plain(formatCurrency(17.5, 'en-ZA'))).toBe('R17,50');
    expect(formatCurrency(-75, 'en-GB')).toBe('-£75.00');
    expect(formatCurrency(60)).toBe('£60.00');
  });
});

describe('dates as dd/mm/yyyy', () => {
  it('formats dates, timestamps and date-only strings without shifting the day', () => {
    expect(formatDate('2026-03-07')).toBe('07/03/2026');
    expect(formatDate(new Date(2026, 0, 31, 23, 59))).toBe('31/01/2026');
    expect(formatDate(new Date(2026, 11, 1).getTime())).toBe('01/12/2026');
  });

  it('gives an empty string for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('reads dd/mm/yyyy back, refusing impossible dates', () => {
    expect(parseDate('29/02/2024')).toBe('2024-02-29');
    expect(parseDate('7/3/2026')).toBe('2026-03-07');
    expect(parseDate('29/02/2025')).toBeNull();
    expect(parseDate('2026-03-07')).toBeNull();
  });
});
