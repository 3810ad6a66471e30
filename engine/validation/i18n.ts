/**
 * The engine's own i18next instance for validation messages and field labels, so the server can
 * produce messages without the app's i18n setup. Callers with their own `t` (the browser) pass it.
 */
import i18next, { type TFunction } from 'i18next';
import enGBValidation from '../../locales/en-GB/validation.json';
import enGBConfigurator from '../../locales/en-GB/configurator.json';

/**
 * The other locales' texts, loaded on demand (`loadEngineLocales`): the browser translates with
 * its own `t` and needs only the English fallback here, and static imports put all seven locales
 * (14 files, 190 KB) in front of every configurator page. The server loads them all as it starts.
 */
const LOCALE_FILES: Record<string, () => Promise<[{ default: object }, { default: object }]>> = {
  'en-AU': () => Promise.all([import('../../locales/en-AU/validation.json'), import('../../locales/en-AU/configurator.json')]),
  'en-ZA': () => Promise.all([import('../../locales/en-ZA/validation.json'), import('../../locales/en-ZA/configurator.json')]),
  'fr-FR': () => Promise.all([import('../../locales/fr-FR/validation.json'), import('../../locales/fr-FR/configurator.json')]),
  'fr-BE': () => Promise.all([import('../../locales/fr-BE/validation.json'), import('../../locales/fr-BE/configurator.json')]),
  'nl-NL': () => Promise.all([import('../../locales/nl-NL/validation.json'), import('../../locales/nl-NL/configurator.json')]),
  'nl-BE': () => Promise.all([import('../../locales/nl-BE/validation.json'), import('../../locales/nl-BE/configurator.json')]),
};

export type Translate = (key: string, params?: Record<string, unknown>) => string;

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  showSupportNotice: false,
  lng: 'en-GB',
  fallbackLng: 'en-GB',
  ns: ['validation', 'configurator'],
  defaultNS: 'validation',
  interpolation: { escapeValue: false },
  resources: { 'en-GB': { validation: enGBValidation, configurator: enGBConfigurator } },
});

const loadingLocales = new Map<string, Promise<void>>();
/**
 * Loads the engine's texts of these locales (default: all); until then `engineT` of one of them
 * answers in UK English. Loading twice costs nothing.
 * @example await loadEngineLocales(['fr-FR']); engineT('fr-FR')('validation:field.postcode')
 */
export function loadEngineLocales(lngs: readonly string[] = Object.keys(LOCALE_FILES)): Promise<void> {
  return Promise.all(
    lngs.map((lng) => {
      const load = LOCALE_FILES[lng];
      if (!load) return undefined; // en-GB (always here) or a locale we do not ship (falls back to it)
      let p = loadingLocales.get(lng);
      if (!p) {
        p = load().then(([validation, configurator]) => {
          instance.addResourceBundle(lng, 'validation', validation.default, true, true);
          instance.addResourceBundle(lng, 'configurator', configurator.default, true, true);
          // Texts made before (in the fallback language) are made again.
          memo.delete(lng);
        });
        p.catch(() => loadingLocales.delete(lng));
        loadingLocales.set(lng, p);
      }
      return p;
    }),
  ).then(() => undefined);
}

const fixed = new Map<string, TFunction>();
/**
 * Translations already made, per locale: i18next resolves the locale's fallback chain on every call
 * (about 0.1 ms each), which dominated validating data with many messages. The resources never
 * change, so a text is made once per key and params; the map is emptied when it grows past
 * MAX_MEMO entries (params hold field labels and limits: few distinct values).
 */
const memo = new Map<string, Map<string, string>>();
const MAX_MEMO = 5_000;

function memoKey(key: string, params: Record<string, unknown> | undefined): string | null {
  if (!params) return key;
  let out = key;
  for (const name in params) {
    const v = params[name];
    if (v !== null && typeof v === 'object') return null; // lists (e.g. `requires`): not worth a key
    out += `\u0000${name}\u0001${typeof v}:${String(v)}`;
  }
  return out;
}

/**
 * Whether a locale has its own text for a configurator key (`fields.keyContact`), without falling
 * back to English: which texts a stage file names that a locale still lacks. Meaningful for a
 * locale once loadEngineLocales loaded it (the server loads all as it starts).
 * @example hasConfiguratorText('fr-FR', 'fields.keyContact') // true
 */
export function hasConfiguratorText(lng: string, key: string): boolean {
  return instance.getResource(lng, 'configurator', key) !== undefined;
}

/**
 * Adds texts a published stage version brings (`{ 'fr-FR': { 'fields.x': 'Texte' } }`, keys of
 * the configurator namespace), so the server's messages name its new fields. Texts are not
 * versioned: a key is one text for every version (a version that rewords a shipped key rewords it
 * everywhere, as editing locales/ would).
 * @example addConfiguratorTexts({ 'en-GB': { 'fields.nickname': 'Nickname' } })
 */
export function addConfiguratorTexts(labels: Readonly<Record<string, Readonly<Record<string, string>>>>): void {
  for (const [lng, texts] of Object.entries(labels)) {
    instance.addResources(lng, 'configurator', texts);
    memo.delete(lng);
  }
}

/**
 * A translate function for a locale (unknown locales fall back to en-GB).
 * @example engineT('fr-FR')('validation:field.postcode') // 'doit être un code postal valide'
 */
export function engineT(lng = 'en-GB'): Translate {
  let t = fixed.get(lng);
  if (!t) {
    t = instance.getFixedT(lng);
    fixed.set(lng, t);
  }
  const tf = t;
  let texts = memo.get(lng);
  if (!texts) {
    texts = new Map();
    memo.set(lng, texts);
  }
  const made = texts;
  return (key, params) => {
    const id = memoKey(key, params);
    if (id === null) return tf(key, params as Record<string, unknown>) as string;
    let text = made.get(id);
    if (text === undefined) {
      text = tf(key, params as Record<string, unknown>) as string;
      if (made.size >= MAX_MEMO) made.clear();
      made.set(id, text);
    }
    return text;
  };
}
