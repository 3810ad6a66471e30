import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import type { TranslationMessages } from 'react-admin';
import { deepMerge, toI18nextForms, withManyForms, type Json } from './messageTree';

// English is the base of every locale (and the fallback language). This module is loaded with the
// first `common` file (i18n.ts), not in the first chunk: with lodash (the conversion's) it is
// 20 KB the sign-in page's first paint does not need (issue 59).
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
 * The `common` namespace of a locale as i18next gets it: react-admin's texts (`raMessages`) with our
 * common.json (`ours`) on top, converted from react-admin's forms (`"Company |||| Companies"`).
 *
 * @example (await commonTexts('en-GB', Promise.resolve({ ra: { action: { add: 'Add one' } } }))).ra.action.add // 'Add one'
 */
export async function commonTexts(locale: string, ours: Promise<Json>): Promise<Json> {
  const [ra, own] = await Promise.all([raMessages(locale), ours]);
  // Our files convert as the signed-out start converts them (i18n.ts), one way for both.
  return withManyForms(deepMerge(ra, toI18nextForms(own)));
}
