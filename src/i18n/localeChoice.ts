import { createContext, useContext } from 'react';
import { growl } from '../session/notifier';
import { chooseLocale, i18n } from './i18n';
import type { Locale } from './locales';

/** Changes the app's language as the user's own choice (the top bar's select, the user menu). */
export type ChooseLocale = (next: Locale) => Promise<void>;

/**
 * The choice without react-admin (the signed-out shell, which does not load it): the language
 * changes first (i18n.ts sets <html lang>), then it is stored as the user's own. The signed-in app
 * provides its own, which also tells react-admin (i18n/AdminLocaleChoice.tsx).
 */
export const chooseLocaleAlone: ChooseLocale = async (next) => {
  try {
    await i18n.loadLanguages(next);
    await i18n.changeLanguage(next);
    chooseLocale(next);
  } catch {
    // The language's files did not load (offline): stay on the current language and say so.
    growl(i18n.t('ra.notification.i18n_error'), 'error');
  }
};

export const LocaleChoiceContext = createContext<ChooseLocale>(chooseLocaleAlone);

/** The shell's way of changing the language. */
export const useChooseLocale = (): ChooseLocale => useContext(LocaleChoiceContext);
