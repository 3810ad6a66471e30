import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import type { TranslationMessages } from 'react-admin';

/** A parsed translation file: nested keys, string leaves. */
export type Json = Record<string, unknown>;

/**
 * `over` laid onto `base`, recursively for nested objects; `over` wins on every leaf.
 *
 * @example deepMerge({ ra: { a: 'A', b: 'B' } }, { ra: { b: 'b' } }) // { ra: { a: 'A', b: 'b' } }
 */
export function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && prev && typeof prev === 'object' && !Array.isArray(prev)
        ? deepMerge(prev as Json, value as Json)
        : value;
  }
  return out;
}

// English is the base of every locale (and the fallback language), so it is in the main bundle.
const raEnglish = convertRaTranslationsToI18next(englishMessages) as Json;

// react-admin language packages by language (the part of the locale before '-'). Dynamic imports,
// so each package is its own chunk, fetched only when that language is chosen: the Login page's
// first load carries none of them. Dutch has no entry: ra-language-dutch (4.6.1, the latest) is
// written for react-admin 4 and depends on ra-core 4, which would install a second React,
// react-router and react-query; its RA 5 gaps, English leftovers and RA 4 placeholders (%{id}) meant
// overriding much of it anyway, so every Dutch react-admin text lives in locales/nl-*/common.json.
const raPackages: Record<string, () => Promise<TranslationMessages>> = {
  fr: () => import('ra-language-french').then((m) => m.default),
};

/**
 * react-admin's texts for a locale, in i18next format (`{{x}}`, `key_one`/`key_other`): English,
 * then the language's react-admin package if there is one. The locale's common.json `ra` keys go
 * on top of this (see the i18n backend), so ours win.
 *
 * @example (await raMessages('fr-FR')).ra // { action: { add: 'Ajouter', ... }, ... }
 * @example (await raMessages('en-GB')).ra // ra-language-english, converted
 */
export async function raMessages(locale: string): Promise<Json> {
  const load = raPackages[locale.split('-')[0]];
  if (!load) return raEnglish;
  return deepMerge(raEnglish, convertRaTranslationsToI18next(await load()) as Json);
}

/**
 * Adds `key_many` (a copy of `key_other`) wherever a plural has no `_many` form. French counts
 * 1 000 000 as "many" (Intl.PluralRules), and i18next would otherwise fall back to the English text
 * for it; react-admin's packages and our files only write `_one` and `_other`.
 *
 * @example withManyForms({ deleted_one: 'a', deleted_other: 'b' }) // { ..., deleted_many: 'b' }
 */
export function withManyForms(json: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(json)) {
    out[key] = value && typeof value === 'object' && !Array.isArray(value) ? withManyForms(value as Json) : value;
  }
  for (const [key, value] of Object.entries(json)) {
    const many = key.replace(/_other$/, '_many');
    if (many !== key && !(many in out)) out[many] = value;
  }
  return out;
}
