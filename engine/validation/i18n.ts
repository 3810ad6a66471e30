/**
 * The engine's own i18next instance for validation messages and field labels, so the server can
 * produce messages without the app's i18n setup. Callers with their own `t` (the browser) pass it.
 */
import i18next, { type TFunction } from 'i18next';
import enGBValidation from '../../locales/en-GB/validation.json';
import enAUValidation from '../../locales/en-AU/validation.json';
import enZAValidation from '../../locales/en-ZA/validation.json';
import frFRValidation from '../../locales/fr-FR/validation.json';
import frBEValidation from '../../locales/fr-BE/validation.json';
import nlNLValidation from '../../locales/nl-NL/validation.json';
import nlBEValidation from '../../locales/nl-BE/validation.json';
import enGBConfigurator from '../../locales/en-GB/configurator.json';
import enAUConfigurator from '../../locales/en-AU/configurator.json';
import enZAConfigurator from '../../locales/en-ZA/configurator.json';
import frFRConfigurator from '../../locales/fr-FR/configurator.json';
import frBEConfigurator from '../../locales/fr-BE/configurator.json';
import nlNLConfigurator from '../../locales/nl-NL/configurator.json';
import nlBEConfigurator from '../../locales/nl-BE/configurator.json';


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
  resources: {
    'en-GB': { validation: enGBValidation, configurator: enGBConfigurator },
    'en-AU': { validation: enAUValidation, configurator: enAUConfigurator },
    'en-ZA': { validation: enZAValidation, configurator: enZAConfigurator },
    'fr-FR': { validation: frFRValidation, configurator: frFRConfigurator },
    'fr-BE': { validation: frBEValidation, configurator: frBEConfigurator },
    'nl-NL': { validation: nlNLValidation, configurator: nlNLConfigurator },
    'nl-BE': { validation: nlBEValidation, configurator: nlBEConfigurator },
  },
});

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
