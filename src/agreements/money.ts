import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toMajor } from '../../engine/agreements';
import { moneyFormat } from '../../contract/money';
import { formatMoney } from '../i18n/format';
import { toLocale } from '../i18n/locales';
import type { Currency } from './api';

/**
 * Minor units as money in the agreement's currency, in the reader's number format (the maths
 * counts in pence and cents; only this formats them). `locale` fixes the format (the preview
 * writes the agreement's language); otherwise it is the reader's.
 */
export function useMoney(currency: Currency, locale?: string): (minor: number) => string {
  const { i18n } = useTranslation();
  const lng = locale ?? i18n.language;
  return useCallback((minor: number) => formatMoney(toMajor(minor), currency, lng), [currency, lng]);
}

/** The currency's sign as the reader's locale writes its prices ('£', '€', 'R', 'US$', 'zł'), for the amount fields. */
export function currencySymbol(currency: Currency, locale: string): string {
  try {
    return moneyFormat(toLocale(locale), currency).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
