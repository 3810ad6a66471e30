import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toLocale } from './locales';

/**
 * Words stored as data but shown to users (issue 26: "Franchised Dealer", "Region", "Client" stayed
 * English in French): seeded names are translated at display time, keyed by slug in
 * `locales/<locale>/common.json` under `data.`; a name staff typed themselves has no key and is
 * shown as stored. Regions are countries, named by the browser's own CLDR data (Intl.DisplayNames)
 * in the reader's language.
 */

/** A term as the API gives it (GET /terms, a product's or company's terms). */
export interface NamedTerm {
  name: string;
  slug: string;
}

// Region slugs that are not ISO 3166 codes (the UK's is GB).
const ISO_REGION: Record<string, string> = { uk: 'GB', usa: 'US', sa: 'ZA' };

/**
 * The country of a region slug in the reader's language; the stored name when it is no country.
 * @example regionName({ slug: 'be', name: 'BE' }, 'fr-FR') // 'Belgique'
 */
export function regionName(term: NamedTerm, locale: string): string {
  const code = ISO_REGION[term.slug.toLowerCase()] ?? term.slug.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return term.name;
  try {
    return regionNames(locale).of(code) ?? term.name;
  } catch {
    return term.name;
  }
}

// Building an Intl object reads the browser's locale data: a few of them per row and per render
// showed in the profile of a list's first load (issue 32). One of each per locale, kept.
const displayNames = new Map<string, Intl.DisplayNames>();
const collators = new Map<string, Intl.Collator>();
function regionNames(locale: string): Intl.DisplayNames {
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([toLocale(locale)], { type: 'region', fallback: 'none' })));
  return names;
}
function collator(locale: string): Intl.Collator {
  let found = collators.get(locale);
  if (!found) collators.set(locale, (found = new Intl.Collator(toLocale(locale))));
  return found;
}

/** "Project Manager" -> "project-manager": the key of a seeded name. */
const keyOf = (name: string) => name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The display words of one reader (their `t` and locale). */
export function dataWords(t: TFunction, locale: string) {
  return {
    /** A term of a taxonomy: regions as countries, company types translated, makes and partners as they are (brand names). */
    term: (taxonomy: string | undefined, term: NamedTerm): string => {
      if (taxonomy === 'region') return regionName(term, locale);
      if (taxonomy === 'type') return t(`data.types.${term.slug}`, { defaultValue: term.name });
      return term.name;
    },
    /** A taxonomy's name (Type, Region, Make, Partner). */
    taxonomy: (slug: string, name: string): string => t(`data.taxonomies.${slug}`, { defaultValue: name }),
    /** A role's name: the seeded roles translated, a role staff created as they named it. */
    role: (name: string): string => t(`data.roles.${keyOf(name)}`, { defaultValue: name }),
  };
}
export type DataWords = ReturnType<typeof dataWords>;

/** `dataWords` for the current reader; `compare` sorts by the reader's collation ("Dacia" before "DS"). */
export function useDataWords(): DataWords & { compare: (a: string, b: string) => number } {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // The collator is built on the first comparison, not with the words: its construction reads the
  // browser's collation data (15-25 ms on a cold load), which a screen that sorts nothing skips.
  return useMemo(() => ({ ...dataWords(t, locale), compare: (a: string, b: string) => collator(locale).compare(a, b) }), [t, locale]);
}
