import errors from '../locales/en-GB/errors.json';
import enAU from '../locales/en-AU/errors.json';
import enZA from '../locales/en-ZA/errors.json';
import frFR from '../locales/fr-FR/errors.json';
import frBE from '../locales/fr-BE/errors.json';
import nlNL from '../locales/nl-NL/errors.json';
import nlBE from '../locales/nl-BE/errors.json';
import type { MailLocale } from './services/mail-locale';

/**
 * The server's English catalogue (locales/en-GB/errors.json): spec section 8 words verbatim. API
 * answers are English (the app shows them through its own translations, src/i18n/serverText.ts).
 */
export const serverMessages = errors;

type MailTexts = typeof errors.mail;
// Mails are read outside the app, so they go out in the recipient's language.
const MAIL: Record<MailLocale, MailTexts> = {
  'en-GB': errors.mail,
  'en-AU': enAU.mail,
  'en-ZA': enZA.mail,
  'fr-FR': frFR.mail,
  'fr-BE': frBE.mail,
  'nl-NL': nlNL.mail,
  'nl-BE': nlBE.mail,
};

/** The mail texts of a locale (locales/<locale>/errors.json `mail`). */
export function mailMessages(locale: MailLocale): MailTexts {
  return MAIL[locale];
}

/** i18next-style `{{name}}` interpolation for server-side texts (mails, 429 messages). */
export function interpolate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

type ConfigTexts = typeof errors.configs;
// Config mails go to staff in their own language, like the account mails above.
const CONFIG: Record<MailLocale, ConfigTexts> = {
  'en-GB': errors.configs,
  'en-AU': enAU.configs,
  'en-ZA': enZA.configs,
  'fr-FR': frFR.configs,
  'fr-BE': frBE.configs,
  'nl-NL': nlNL.configs,
  'nl-BE': nlBE.configs,
};

/** The configurator texts of a locale (locales/<locale>/errors.json `configs`), for mails. */
export function configMessages(locale: MailLocale): ConfigTexts {
  return CONFIG[locale];
}
