import i18next, { type BackendModule, type InitOptions, type ReadCallback, type i18n as I18n } from 'i18next';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import { deepMerge, raMessages, withManyForms, type Json } from './raMessages';
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, LOCALE_STORAGE_KEY, NAMESPACES, toLocale, type Locale } from './locales';

// Every locales/<lng>/<ns>.json becomes its own small chunk, loaded only for the language in use:
// the first page carries no translations it does not show. Namespace files others have not
// written yet simply are not in this map, and load as empty.
const files = import.meta.glob<Json>('../../locales/*/*.json', { import: 'default' });

/**
 * One namespace of one locale as i18next gets it. For `common` that is react-admin's texts (English,
 * then the language's react-admin package) with our common.json on top, so our `ra` keys win.
 * Plurals get a `_many` form where they lack one (see withManyForms).
 *
 * @example (await loadNamespace('nl-NL', 'common')).ra // { action: { add: 'Toevoegen', ... }, ... }
 */
export async function loadNamespace(language: string, namespace: string): Promise<Json> {
  const load = files[`../../locales/${language}/${namespace}.json`];
  const data = load ? load() : Promise.resolve({});
  if (namespace !== 'common') return withManyForms(await data);
  const [ra, ours] = await Promise.all([raMessages(language), data]);
  return withManyForms(deepMerge(ra, ours));
}

/** i18next backend reading locales/ through loadNamespace. */
export const globBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadNamespace(language, namespace).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

/** The app's one i18next instance; react-admin translates through it via ra-i18n-i18next. */
export const i18n: I18n = i18next.createInstance();
i18n.use(globBackend);

/** The locale the user picked last (localStorage), else the default. */
export function storedLocale(): Locale {
  try {
    return toLocale(localStorage.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Remembers the switcher's choice and tells the page its language. */
export function rememberLocale(locale: string): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, toLocale(locale));
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  document.documentElement.lang = toLocale(locale);
}

/**
 * The app's i18next options for a starting locale (the tests build their own instance with them).
 *
 * @example i18next.createInstance().use(globBackend).init(i18nOptions('fr-FR'))
 */
export function i18nOptions(lng: Locale): InitOptions {
  return {
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: ['errors', 'validation'],
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false, // no advertisement in the console
  };
}

/** Initialises i18next (current locale + fallback) and returns react-admin's provider bridged to it. */
export async function createI18nProvider(): Promise<I18nProvider> {
  const lng = storedLocale();
  const provider = await getI18nProvider(
    i18n,
    i18nOptions(lng),
    LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
  );
  document.documentElement.lang = lng;
  i18n.on('languageChanged', rememberLocale);
  return provider;
}
