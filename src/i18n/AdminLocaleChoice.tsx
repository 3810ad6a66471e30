import type { ReactNode } from 'react';
import { useI18nProvider, useLocaleState, useNotify } from 'react-admin';
import { chooseLocale } from './i18n';
import { LocaleChoiceContext, type ChooseLocale } from './localeChoice';

/**
 * The language choice inside react-admin. The language changes first, then the choice is stored as
 * the user's own (from now on it wins over their company's language), and only then is
 * react-admin's locale state set: react-admin finds its provider already on that language and does
 * not remount the page, so what the user has typed stays; LiveI18nContext re-renders the texts.
 */
export function AdminLocaleChoice({ children }: { children: ReactNode }) {
  const i18nProvider = useI18nProvider();
  const [, setLocale] = useLocaleState();
  const notify = useNotify();
  const choose: ChooseLocale = async (next) => {
    try {
      await i18nProvider.changeLocale(next); // loads the language's files, then switches
      chooseLocale(next);
      setLocale(next);
    } catch {
      // The language's files did not load (offline): stay on the current language and say so.
      notify('ra.notification.i18n_error', { type: 'error' });
    }
  };
  return <LocaleChoiceContext.Provider value={choose}>{children}</LocaleChoiceContext.Provider>;
}
