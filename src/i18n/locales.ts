import type { Locale } from '../../engine/locales';

// The one list of locales lives in the engine (server mails and engine messages use it too).
export { LOCALES, DEFAULT_LOCALE, localeForTag, toLocale, type Locale } from '../../engine/locales';

/** Namespaces the app loads: common is ours; errors, validation and configurator are written by others. */
export const NAMESPACES = ['common', 'errors', 'validation', 'configurator'] as const;

/**
 * What the signed-out shell's pages read (Login, Register, the password pages, the policies): the
 * configurator's texts (7 KiB) come with the app's code instead (shell/appShell.ts `loadApp`).
 */
export const PUBLIC_NAMESPACES = ['common', 'errors', 'validation'] as const;

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
