// The list itself is contract/'s (the server's answer schemas name the locales too).
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../contract/locales';

export { DEFAULT_LOCALE, LOCALES, type Locale };

// A bare language, or a region we do not ship (fr-CA, en-US), gets that language's main locale.
const BY_LANGUAGE: Record<string, Locale> = { en: 'en-GB', fr: 'fr-FR', nl: 'nl-NL' };

/**
 * One of our locales for a language tag (any case), or undefined.
 * @example localeForTag('fr-be') // 'fr-BE'
 * @example localeForTag('fr') // 'fr-FR'
 * @example localeForTag('de-DE') // undefined
 */
export function localeForTag(tag: string | null | undefined): Locale | undefined {
  const lower = (tag ?? '').trim().toLowerCase();
  return LOCALES.find((l) => l.toLowerCase() === lower) ?? BY_LANGUAGE[lower.split('-')[0]];
}

/**
 * A supported locale from any string, else the default.
 * @example toLocale('fr-FR') // 'fr-FR'
 * @example toLocale('de-DE') // 'en-GB'
 */
export function toLocale(value: string | null | undefined): Locale {
  return localeForTag(value) ?? DEFAULT_LOCALE;
}
