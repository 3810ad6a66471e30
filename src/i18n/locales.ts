import type { Locale } from '../../engine/locales';

// The one list of locales lives in the engine (server mails and engine messages use it too).
export { LOCALES, DEFAULT_LOCALE, localeForTag, toLocale, type Locale } from '../../engine/locales';

/**
 * Namespaces the app loads: common and signIn are ours; errors, validation and configurator are
 * written by others.
 */
export const NAMESPACES = ['common', 'signIn', 'errors', 'validation', 'configurator'] as const;

/**
 * What the sign-in page reads (shell/LoginShell.tsx: its form, the signed-out top bar, footer and
 * cookie banner, the overlay): `signIn`, the 1 KiB of texts it shows, apart from `common` (11 KiB
 * compressed), which a first visit then does not wait for (issue 59), and `errors` (the form's
 * refusals, `errors:account.*`; no field validator's `validation`). Every `t` finds signIn's keys
 * from any namespace (`fallbackNS`, i18n.ts), so the app and the other pages read them as before.
 */
export const SIGN_IN_NAMESPACES = ['signIn', 'errors'] as const;

/**
 * What the routed signed-out shell's pages read (Register, the password pages, the policies): the
 * configurator's texts (7 KiB) come with the app's code instead (shell/appShell.ts `loadApp`).
 */
export const PUBLIC_NAMESPACES = ['common', 'validation', ...SIGN_IN_NAMESPACES] as const;

/** Namespaces of the signed-in shell besides NAMESPACES: the top bar's company switcher and notification bell. */
export const SIGNED_IN_NAMESPACES = ['dashboard', 'tracker', 'notifications'] as const;

/** localStorage key holding the switcher's choice. */
export const LOCALE_STORAGE_KEY = 'portal.locale';

/** Each locale's name in its own language, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-GB': 'English (UK)',
  'en-AU': 'English (Australia)',
  'en-ZA': 'English (South Africa)',
  'fr-FR': 'Français (France)',
  'fr-BE': 'Français (Belgique)',
  'nl-NL': 'Nederlands (Nederland)',
  'nl-BE': 'Nederlands (België)',
};
