import i18next, { type BackendModule, type InitOptions, type ReadCallback, type i18n as I18n } from 'i18next';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import { memoisedLanguageCodes } from './languageCodes';
import { toI18nextForms, withManyForms, type Json } from './messageTree';
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, LOCALE_STORAGE_KEY, NAMESPACES, PUBLIC_NAMESPACES, SIGN_IN_NAMESPACES, localeForTag, toLocale, type Locale } from './locales';

// Every locales/<lng>/<ns>.json becomes its own small chunk, loaded only for the language in use:
// the first page carries no translations it does not show. Namespace files others have not
// written yet simply are not in this map, and load as empty.
const files = import.meta.glob<Json>('../../locales/*/*.json', { import: 'default' });

/** The loader of one locale's namespace file, if it is written. */
const fileOf = (language: string, namespace: string) => files[`../../locales/${language}/${namespace}.json`];

/**
 * react-admin's texts and their conversion (ra-language-english, lodash: 20 KB), a chunk of their
 * own: the sign-in page's first chunk carries only what its form needs (issue 59).
 */
const raTexts = () => import('./raMessages');

/**
 * Whether `common` is loaded without react-admin's texts for now: a start in the signed-out shell,
 * whose pages show none of them, until `addRaTexts` brings them (with the app's code). Our own
 * common.json has every `ra` key the signed-out pages use (ra.notification.i18n_error).
 */
let raTextsLater = false;
let raTextsIn = false;
let raTextsAdding: Promise<void> | null = null;

/**
 * One namespace of one locale as i18next gets it. For `common` that is react-admin's texts (English,
 * then the language's react-admin package) with our common.json on top, so our `ra` keys win.
 * Our common.json writes react-admin's own forms too (`"name": "Company |||| Companies"`, as
 * react-admin's docs do); they are converted like react-admin's packages, so a confirm dialog says
 * "Delete company Riverside Motors", never "Delete Company |||| Companies". Plurals get a `_many`
 * form where they lack one (see withManyForms).
 *
 * `withRa` false leaves react-admin's texts out of `common` (our own `ra` keys stay).
 *
 * @example (await loadNamespace('nl-NL', 'common')).ra // { action: { add: 'Toevoegen', ... }, ... }
 */
export async function loadNamespace(language: string, namespace: string, withRa = true): Promise<Json> {
  const load = fileOf(language, namespace);
  const data = load ? load() : Promise.resolve({});
  if (namespace !== 'common') return withManyForms(await data);
  if (!withRa) return withManyForms(toI18nextForms(await data));
  const [texts] = await Promise.all([raTexts(), data]);
  return texts.commonTexts(language, data);
}

/** i18next backend reading locales/ through loadNamespace. */
export const globBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const withRa = () => !raTextsLater || raTextsIn;
    const first = withRa();
    // A file that was asked for without react-admin's texts, which came meanwhile, is read again with them.
    loadNamespace(language, namespace, first)
      .then((result) => (first || !withRa() ? result : loadNamespace(language, namespace)))
      .then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

/** The app's one i18next instance; react-admin translates through it via ra-i18n-i18next. */
export const i18n: I18n = i18next.createInstance();
i18n.use(globBackend).use(memoisedLanguageCodes);

/**
 * The language a start opens in when the user chose none: their company's, which the session keeps
 * for this browser while it lasts (createI18nProvider's `accountLang`), so a new tab or a reload of a
 * French dealer's portal starts in French rather than switching to it once they are read.
 */
let accountLocale: Locale | undefined;

/** The locale the user picked in the switcher (localStorage), if they ever did. */
export function chosenLocale(): Locale | undefined {
  try {
    return localeForTag(localStorage.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

/** The locale to start in: the user's own choice, else their company's language, else the default. */
export function storedLocale(): Locale {
  return chosenLocale() ?? accountLocale ?? DEFAULT_LOCALE;
}

/**
 * Remembers the switcher's choice. Only an explicit choice is stored: a language the app picked
 * for the user (their company's) must not turn into one and outlive their session.
 */
export function chooseLocale(locale: string): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, toLocale(locale));
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/**
 * Follows the signed-in user's company language (`company.lang`, e.g. 'fr' -> fr-FR, as their
 * mails do): a dealer of a French company reads French from the first page after signing in. A
 * language the user chose in the switcher wins; a user without a company gets the default.
 */
export async function followAccountLocale(lang: string | null | undefined): Promise<void> {
  const locale = localeForTag(lang);
  accountLocale = locale;
  if (chosenLocale()) return;
  // The session check runs while i18next starts (main.tsx): switch only once it has its first language.
  if (!i18n.isInitialized) await new Promise<void>((resolve) => i18n.on('initialized', () => resolve()));
  const target = locale ?? DEFAULT_LOCALE;
  if (i18n.language !== target) await i18n.changeLanguage(target);
}

/** Tells the page its language (screen readers, hyphenation, the date picker). */
function showLanguage(locale: string): void {
  document.documentElement.lang = toLocale(locale);
}

/**
 * The app's i18next options for a starting locale (the tests build their own instance with them).
 *
 * @example i18next.createInstance().use(globBackend).init(i18nOptions('fr-FR'))
 */
export function i18nOptions(lng: Locale, namespaces: readonly string[] = NAMESPACES): InitOptions {
  return {
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: [...namespaces],
    defaultNS: 'common',
    // `signIn` holds the sign-in page's texts (app.name, login.*, topbar.login, footer.*, cookies.*:
    // locales.ts SIGN_IN_NAMESPACES), which every other page reads as common's.
    fallbackNS: ['errors', 'validation', 'signIn'],
    interpolation: { escapeValue: false },
    returnNull: false,
    // A component whose namespace is still loading waits for it (suspends to the page's Suspense
    // boundary, the page overlay) instead of rendering its text keys. Rendered with keys, parts that
    // react-admin memoises (a Datagrid's header cells, a list's filter labels) kept them for good
    // when the texts came (issue 54: `list.columns.company` on the agreements list). Parts of the
    // top bar, outside every page, have boundaries of their own (layout/TopBar.tsx).
    react: { useSuspense: true },
    showSupportNotice: false, // no advertisement in the console
  };
}

/**
 * Asks for the files of `namespaces` in the starting language at once (the module loader keeps
 * them), for i18next to find here when it loads them.
 */
export function askForFiles(namespaces: readonly string[]): void {
  const lng = i18n.language ?? storedLocale();
  for (const namespace of namespaces) void fileOf(lng, namespace)?.().catch(() => {});
  if (namespaces.includes('common') && !raTextsLater) void raTexts().catch(() => {});
}

/**
 * Initialises i18next (current locale + fallback) and returns react-admin's provider bridged to it.
 * `more` are namespaces the first screen shows besides the app's own (its page's, the signed-in
 * shell's): loaded with them, not after the first render. The signed-out shells start with fewer:
 * the sign-in page (`shell` 'login') with its own texts alone (SIGN_IN_NAMESPACES), the routed
 * shell's pages ('public') with theirs (PUBLIC_NAMESPACES, `loadPublicTexts`), `common` without
 * react-admin's texts; `loadAppTexts` adds the rest with the app's code. `accountLang` is the
 * company language the session kept for this browser (session.accountLang()), the start's language
 * unless the user chose one.
 */
export async function createI18nProvider(more: readonly string[] = [], shell: 'login' | 'public' | 'app' = 'app', accountLang: string | null = null): Promise<I18nProvider> {
  accountLocale = localeForTag(accountLang);
  const lng = storedLocale();
  raTextsLater = shell !== 'app';
  const namespaces = [...new Set([...(shell === 'login' ? SIGN_IN_NAMESPACES : shell === 'public' ? PUBLIC_NAMESPACES : NAMESPACES), ...more])];
  // Before init: i18n.language is not set yet, askForFiles then takes the stored locale.
  // Their files are asked for now, before the page's code: i18next asks only a task later, and by
  // then a first visit's few connections carry the page's chunks while nothing renders without texts.
  askForFiles(namespaces);
  const provider = await getI18nProvider(
    i18n,
    i18nOptions(lng, namespaces),
    LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
  );
  document.documentElement.lang = lng;
  i18n.on('languageChanged', showLanguage);
  return provider;
}

/** Once i18next has its first language (namespaces asked for before would load for none). */
const initialised = () => (i18n.isInitialized ? Promise.resolve() : new Promise<void>((resolve) => i18n.on('initialized', () => resolve())));

/**
 * react-admin's texts, into every language's `common` loaded without them (a start in the signed-out
 * shell): ours on top as always (raMessages.ts `commonTexts`). Later loads of `common` have them.
 */
function addRaTexts(): Promise<void> {
  return (raTextsAdding ??= Promise.all([raTexts(), initialised()]).then(
    async ([texts]) => {
      raTextsIn = true;
      const languages = Object.keys(i18n.store.data).filter((language) => i18n.hasResourceBundle(language, 'common'));
      for (const language of languages) {
        const load = fileOf(language, 'common');
        i18n.addResourceBundle(language, 'common', await texts.commonTexts(language, load ? load() : Promise.resolve({})), true, true);
      }
    },
    (error: unknown) => {
      raTextsAdding = null;
      throw error;
    },
  ));
}

/** What the routed signed-out shell's pages read (`common`), which a start on the sign-in page left out. */
export function loadPublicTexts(): Promise<void> {
  return initialised().then(() => i18n.loadNamespaces([...PUBLIC_NAMESPACES]));
}

/**
 * What a start in the signed-out shell left out of the app's texts: the app's namespaces (NAMESPACES)
 * and react-admin's texts. Loaded with the app's code (shell/appShell.ts), so its screens find them
 * as they did when every start loaded them. Once loaded, i18next loads them again on a change of
 * language.
 */
export function loadAppTexts(): Promise<void> {
  // A start in the app loaded them all with i18next's first language (and must not wait for it here).
  if (!raTextsLater) return Promise.resolve();
  return Promise.all([initialised().then(() => i18n.loadNamespaces([...NAMESPACES])), addRaTexts()]).then(() => {});
}
