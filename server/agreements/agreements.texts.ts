// The order form's words in each of our locales (locales/<locale>/agreements.json): the PDF is
// read outside the app, so it is written in the agreement's language, not the reader's.
import enGB from '../../locales/en-GB/agreements.json';
import enAU from '../../locales/en-AU/agreements.json';
import enZA from '../../locales/en-ZA/agreements.json';
import frFR from '../../locales/fr-FR/agreements.json';
import frBE from '../../locales/fr-BE/agreements.json';
import nlNL from '../../locales/nl-NL/agreements.json';
import nlBE from '../../locales/nl-BE/agreements.json';
import type { Locale } from '../../engine';

export type AgreementTexts = typeof enGB;

const CATALOGUES: Record<Locale, AgreementTexts> = { 'en-GB': enGB, 'en-AU': enAU, 'en-ZA': enZA, 'fr-FR': frFR, 'fr-BE': frBE, 'nl-NL': nlNL, 'nl-BE': nlBE };

/** The order form's texts in `locale`. */
export const agreementTexts = (locale: Locale): AgreementTexts => CATALOGUES[locale];
