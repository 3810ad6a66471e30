import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CONFIGURATOR_NS } from './i18n';

// Every locale file, bundled by Vite (also under Vitest and Storybook).
const files = import.meta.glob('../../locales/*/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;

/** The locale resources as i18next takes them: { 'en-GB': { configurator: {...}, validation: {...} } }. */
export function localeResources(): Record<string, Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, data] of Object.entries(files)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!m) continue;
    (out[m[1]] ??= {})[m[2]] = data;
  }
  return out;
}

/**
 * A ready i18next instance for the renderer outside the app (Storybook, the benchmark page, tests),
 * with every namespace of locales/ and the configurator namespace as default. Resources are bundled,
 * so it is usable as soon as this returns.
 * @example const i18n = createRendererI18n('fr-FR'); <I18nextProvider i18n={i18n}>...</I18nextProvider>
 */
export function createRendererI18n(lng = 'en-GB'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    initAsync: false,
    showSupportNotice: false,
    lng,
    fallbackLng: 'en-GB',
    resources: localeResources(),
    defaultNS: CONFIGURATOR_NS,
    ns: [CONFIGURATOR_NS, 'validation', 'common', 'errors'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
