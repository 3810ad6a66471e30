/**
 * Issue 57's words (locales/<locale>/errors.json `agreement_signing`): the refusals of the signing
 * flow (API answers are English, as every other) and the mails of a void and a decline, in the
 * reader's language.
 */
import type { Locale } from '../../engine';
import enGB from '../../locales/en-GB/errors.json';
import enAU from '../../locales/en-AU/errors.json';
import enZA from '../../locales/en-ZA/errors.json';
import frFR from '../../locales/fr-FR/errors.json';
import frBE from '../../locales/fr-BE/errors.json';
import nlNL from '../../locales/nl-NL/errors.json';
import nlBE from '../../locales/nl-BE/errors.json';

type Texts = (typeof enGB)['agreement_signing'];

const BY_LOCALE: Record<Locale, Texts> = {
  'en-GB': enGB.agreement_signing,
  'en-AU': enAU.agreement_signing,
  'en-ZA': enZA.agreement_signing,
  'fr-FR': frFR.agreement_signing,
  'fr-BE': frBE.agreement_signing,
  'nl-NL': nlNL.agreement_signing,
  'nl-BE': nlBE.agreement_signing,
};

/** The refusals, in English (the app translates what it shows). */
export const turnErrors = enGB.agreement_signing;

/** The mails' words in `locale`. */
export const turnMailTexts = (locale: Locale): Texts['mail'] => BY_LOCALE[locale].mail;
