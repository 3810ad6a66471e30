import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatTime, parseDate } from '../../../src/i18n/format';
import { CURRENCIES, priceCurrency, regionCurrency } from '../../../contract/money';
import { currencySymbol } from '../../../src/agreements/money';
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

describe('money (spec section 9: the currency is the region\'s, the format the reader\'s)', () => {
  it('takes the currency from the region: GBP by default, AUD, EUR, ZAR, USD, PLN', () => {
    expect(regionCurrency('uk')).toBe('GBP');
    expect(regionCurrency('AU')).toBe('AUD');
    expect(regionCurrency('za')).toBe('ZAR');
    for (const region of ['be', 'fr', 'nl']) expect(regionCurrency(region)).toBe('EUR');
    // Spec section 3's "$" and "zł": the seeded (hidden) USA region, and a Polish region made in Categories.
    for (const region of ['usa', 'USA', 'US']) expect(regionCurrency(region)).toBe('USD');
    expect(regionCurrency('pl')).toBe('PLN');
    expect(regionCurrency('de')).toBe('GBP');
    expect(regionCurrency(null)).toBe('GBP');
    expect(priceCurrency(['pl'])).toBe('PLN');
    expect(priceCurrency(['usa', 'pl'])).toBe('GBP');
    expect(priceCurrency(['be', 'fr', 'nl'])).toBe('EUR');
    expect(priceCurrency(['uk', 'fr'])).toBe('GBP');
  });

  it('keeps a price\'s currency whatever the interface language; only the number format follows the reader', () => {
    expect(formatMoney(1234.5, 'GBP', 'en-GB')).toBe('£1,234.50');
    // The case: £495.00 in English must not become €495,00 in French.
    expect(plain(formatMoney(495, 'GBP', 'fr-FR'))).toBe('495,00 £GB'); // French writes pounds sterling '£GB'
    expect(plain(formatMoney(1234.5, 'EUR', 'fr-FR'))).toBe('1 234,50 €');
    expect(formatMoney(1234.5, 'EUR', 'en-GB')).toBe('€1,234.50');
    expect(formatMoney(3000, 'AUD', 'en-AU')).toBe('$3,000.00');
    expect(plain(formatMoney(17.5, 'ZAR', 'en-ZA'))).toBe('R 17,50');
    expect(formatMoney(-75, 'GBP', 'en-GB')).toBe('-£75.00');
    expect(formatMoney(60)).toBe('£60.00');
  });

  it("writes spec section 3's currencies £ € R $ zł with their own signs, in the reader's number format", () => {
    const amounts = (locale: string) => CURRENCIES.map((currency) => plain(formatMoney(1234.5, currency, locale)));
    expect(CURRENCIES).toEqual(['GBP', 'AUD', 'EUR', 'ZAR', 'USD', 'PLN']);
    // English: the two dollars told apart (A$, US$); the rand and the złoty by their signs, not "ZAR" and "PLN".
    expect(amounts('en-GB')).toEqual(['£1,234.50', 'A$1,234.50', '€1,234.50', 'R 1,234.50', 'US$1,234.50', 'zł 1,234.50']);
    // French: the same currencies, French grouping and decimals, the sign after the amount.
    expect(amounts('fr-FR')).toEqual(['1 234,50 £GB', '1 234,50 $AU', '1 234,50 €', '1 234,50 R', '1 234,50 $US', '1 234,50 zł']);
    // In Australia "$" is the Australian dollar: the US dollar keeps its code there, never a second "$".
    expect(plain(formatMoney(1234.5, 'AUD', 'en-AU'))).toBe('$1,234.50');
    expect(plain(formatMoney(1234.5, 'USD', 'en-AU'))).toBe('USD 1,234.50');
    expect(plain(formatMoney(1234.5, 'PLN', 'nl-BE'))).toBe('zł 1.234,50');
    expect(plain(formatMoney(-12.5, 'PLN', 'fr-FR'))).toBe('-12,50 zł');
    // The amount fields' sign (the order form) is the one the prices are written with.
    expect(currencySymbol('PLN', 'en-GB')).toBe('zł');
    expect(currencySymbol('ZAR', 'fr-FR')).toBe('R');
    expect(currencySymbol('USD', 'en-GB')).toBe('US$');
    expect(currencySymbol('USD', 'fr-FR')).toBe('$US');
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

describe('times in the portal\'s locale, never the browser\'s (issue 54)', () => {
  // Local times: the reader's clock, whatever time zone the tests run in.
  const morning = new Date(2026, 2, 7, 5, 2);
  const evening = new Date(2026, 2, 7, 17, 2);

  it('writes hours and minutes as the portal\'s locale does', () => {
    expect(formatTime(morning, 'en-GB')).toBe('05:02');
    expect(formatTime(evening, 'en-GB')).toBe('17:02');
    expect(formatTime(morning, 'fr-FR')).toBe('05:02');
    expect(formatTime(evening, 'fr-FR')).toBe('17:02');
    expect(formatTime(evening, 'nl-BE')).toBe('17:02');
    // Australia writes a 12-hour clock, in lower case.
    expect(formatTime(evening, 'en-AU')).toBe('05:02 pm');
  });

  it('follows the locale it is given, not the runtime\'s own (an English browser reading French)', () => {
    expect(formatTime(morning, 'fr-FR')).not.toBe(morning.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' }));
    expect(formatTime(morning.toISOString(), 'fr-FR')).toBe('05:02');
    expect(formatTime(morning.getTime(), 'fr-FR')).toBe('05:02');
    // An unknown or missing locale is the portal's default, en-GB.
    expect(formatTime(evening, 'de-DE')).toBe('17:02');
    expect(formatTime(evening)).toBe('17:02');
  });

  it('puts the dd/mm/yyyy date before the time', () => {
    expect(formatDateTime(evening, 'fr-FR')).toBe('07/03/2026 17:02');
    expect(formatDateTime(morning.toISOString(), 'en-GB')).toBe('07/03/2026 05:02');
    expect(formatDateTime(evening, 'en-AU')).toBe('07/03/2026 05:02 pm');
  });

  it('gives an empty string for nothing or nonsense', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatTime(value, 'fr-FR')).toBe('');
      expect(formatDateTime(value, 'fr-FR')).toBe('');
    }
  });
});
