import { useMemo, type ReactNode } from 'react';
import { I18nContext, useI18nProvider } from 'react-admin';
import { useTranslation } from 'react-i18next';

/**
 * Re-renders react-admin's translated texts on a language change without remounting the page.
 *
 * react-admin's own I18nContextProvider answers a locale change by bumping a React key over the
 * whole tree, which throws away every half-filled form (a dealer switching language in the middle
 * of a long configurator stage would lose it). Here the switcher changes the language first, so
 * that provider finds nothing to do, and this component hands every useTranslate() consumer a new
 * context value instead: they re-render, their state stays.
 */
export function LiveI18nContext({ children }: { children: ReactNode }) {
  const provider = useI18nProvider();
  const { i18n } = useTranslation(); // subscribes to i18next's languageChanged
  const language = i18n.language;
  // A fresh object per language is the signal: context consumers re-render even under memo().
  const value = useMemo(() => ({ ...provider, language }), [provider, language]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
