import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, localeForTag } from '../i18n/locales';

/**
 * The order form's texts in the agreement's language (its `lang`, e.g. 'fr' -> fr-FR), whatever
 * language the reader uses the app in: the dealer signs the words the PDF prints. react-i18next
 * loads that language's namespaces when they are not loaded yet (`ready` false meanwhile).
 */
export function useAgreementTexts(lang: string | null | undefined) {
  const locale = localeForTag(lang) ?? DEFAULT_LOCALE;
  const { t, ready } = useTranslation(['agreements', 'agreementForm'], { lng: locale });
  return { t, ready, locale };
}
