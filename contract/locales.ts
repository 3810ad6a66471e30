/**
 * The portal's locales, the one list every part uses (app, server mails, engine messages, stories,
 * and the per-locale names staff give their own data words): the spec's UK (default), Australia,
 * Belgium (French, Dutch), France, Netherlands, South Africa, in the locale switcher's order.
 * engine/locales.ts re-exports it with the tag helpers.
 */
export const LOCALES = ['en-GB', 'en-AU', 'fr-BE', 'nl-BE', 'fr-FR', 'nl-NL', 'en-ZA'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en-GB';
