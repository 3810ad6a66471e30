import errors from '../locales/en-GB/errors.json';
import enAU from '../locales/en-AU/errors.json';
import enZA from '../locales/en-ZA/errors.json';
import frFR from '../locales/fr-FR/errors.json';
import frBE from '../locales/fr-BE/errors.json';
import nlNL from '../locales/nl-NL/errors.json';
import nlBE from '../locales/nl-BE/errors.json';
import type { Locale as MailLocale } from '../engine';

/**
 * The server's English catalogue (locales/en-GB/errors.json): spec section 8 words verbatim. API
 * answers are English (the app shows them through its own translations, src/i18n/serverText.ts).
 */
export const serverMessages = errors;

type Catalogue = typeof errors;
// Mails are read outside the app, so they go out in the recipient's language.
const CATALOGUES: Record<MailLocale, Catalogue> = {
  'en-GB': errors,
  'en-AU': enAU,
  'en-ZA': enZA,
  'fr-FR': frFR,
  'fr-BE': frBE,
  'nl-NL': nlNL,
  'nl-BE': nlBE,
};

/** The mail texts of a locale (locales/<locale>/errors.json `mail`). */
export function mailMessages(locale: MailLocale): Catalogue['mail'] {
  return CATALOGUES[locale].mail;
}

/** The configurator texts of a locale (locales/<locale>/errors.json `configs`), for config mails. */
export function configMessages(locale: MailLocale): Catalogue['configs'] {
  return CATALOGUES[locale].configs;
}

/** i18next-style `{{name}}` interpolation for server-side texts (mails, 429 messages). */
export function interpolate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
