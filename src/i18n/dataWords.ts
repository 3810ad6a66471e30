import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LocalNames } from '../../contract/names';
import { PROJECT_TYPES, type ProjectType } from '../../contract/projects';
import { DEFAULT_LOCALE, LOCALES, localeForTag, toLocale } from './locales';

/**
 * Words stored as data but shown to users (issue 26: "Franchised Dealer", "Region", "Client" stayed
 * English in French): seeded names are translated at display time, keyed by slug in
 * `locales/<locale>/common.json` under `data.`; a name staff typed themselves has no key and is
 * shown as stored. Regions are countries, named by the browser's own CLDR data (Intl.DisplayNames)
 * in the reader's language. Issue 54 adds the task tracker's: task stages, task types (and a
 * project's task groups, copies of them), task templates and the project tasks copied from them,
 * and the project names the server makes (server/projects/projects.create.ts).
 *
 * Staff's own words come first (issue 54, "let staff give their own data words a text per locale
 * where they create them"): a stage, type, template (and the project's copies), layout, layout page,
 * term or role carries `names` beside `name` (contract/names.ts), and the reader's locale's text
 * there (or its language's: `localName`) wins over the seeded words and the stored name. So every
 * word below takes the record as the API gives it, `{ name, names }`: an answer that carries no
 * `names` yet, or a name being typed, is `{ name }`.
 */

/** A data word as the API gives it: the stored name and, where staff gave them, its words per locale. */
export interface Named {
  name: string;
  names?: LocalNames | null;
}

/** A term as the API gives it (GET /terms, a product's or company's terms). */
export interface NamedTerm extends Named {
  slug: string;
}

/**
 * Staff's own words for a reader of `locale` in `names`: that locale's; else its language's main
 * locale's (fr-FR for fr-BE, nl-NL for nl-BE, en-GB for en-AU and en-ZA); else any other locale of
 * that language, in LOCALES' order. Undefined when `names` has none in the reader's language.
 * @example localName({ 'fr-FR': 'À faire' }, 'fr-BE') // 'À faire'
 * @example localName({ 'fr-FR': 'À faire' }, 'nl-BE') // undefined
 */
export function localName(names: LocalNames | null | undefined, locale: string): string | undefined {
  if (!names) return undefined;
  const own = toLocale(locale);
  const language = own.slice(0, own.indexOf('-'));
  const main = localeForTag(language) ?? own;
  for (const candidate of [own, main, ...LOCALES.filter((l) => l.startsWith(`${language}-`))]) {
    const text = names[candidate];
    if (text && /\S/.test(text)) return text;
  }
  return undefined;
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

/**
 * The words of a seeded name under `data.<group>.` in common.json, while the name is exactly as
 * seeded (the en-GB words: "Done!" or "DONE", typed or renamed by staff, is not "Done"); any other
 * name as stored. i18next loads en-GB, its fallback, beside the reader's language. A name with no
 * letters or digits has no key (`data.<group>.` would name the whole group). The namespace is
 * named, so a screen's own `t` (the board's cards: `tracker`) can say them too.
 */
const seeded = (t: TFunction, group: string, name: string, suffix = ''): string => {
  const key = keyOf(name);
  return key ? asSeeded(t, `common:data.${group}.${key}${suffix}`, name) : name;
};
/** The reader's words at `path` when `stored` is its en-GB words, else `stored`. */
const asSeeded = (t: TFunction, path: string, stored: string): string =>
  t(path, { lng: DEFAULT_LOCALE, defaultValue: '' }) === stored ? t(path, { defaultValue: stored }) : stored;

/**
 * The project type of a name the server made, `<company> <type's en-GB label>`
 * (projects.create.ts): the English labels are tracker.json's in en-GB, i18next's fallback language,
 * so they are loaded beside the reader's. Null for any other name (staff typed it, or renamed the
 * company since).
 */
function autoProjectType(t: TFunction, name: string, company: string): ProjectType | null {
  if (!company || !name.startsWith(`${company} `)) return null;
  const rest = name.slice(company.length + 1);
  return PROJECT_TYPES.find((type) => t(`tracker:types.${type}`, { lng: DEFAULT_LOCALE }) === rest) ?? null;
}

/** The display words of one reader (their `t` and locale). */
export function dataWords(t: TFunction, locale: string) {
  const own = (record: Named) => localName(record.names, locale);
  return {
    /** A term of a taxonomy: staff's words for the reader; else regions as countries, company types translated, makes and partners as they are (brand names). */
    term: (taxonomy: string | undefined, term: NamedTerm): string => {
      const given = own(term);
      if (given) return given;
      if (taxonomy === 'region') return regionName(term, locale);
      if (taxonomy === 'type') return t(`data.types.${term.slug}`, { defaultValue: term.name });
      return term.name;
    },
    /** A taxonomy's name (Type, Region, Make, Partner). */
    taxonomy: (slug: string, name: string): string => t(`data.taxonomies.${slug}`, { defaultValue: name }),
    /** A role's name: staff's words for the reader, else the seeded roles translated, a role staff created as they named it. */
    role: (role: Named): string => own(role) ?? t(`data.roles.${keyOf(role.name)}`, { defaultValue: role.name }),
    /** A task stage's name (To do, In progress, Waiting on dealer, Done seeded; others as named). */
    taskStage: (stage: Named): string => own(stage) ?? seeded(t, 'taskStages', stage.name),
    /** A task type's name, or a project's task group's (a copy of its type's name). */
    taskType: (type: Named): string => own(type) ?? seeded(t, 'taskTypes', type.name),
    /** A task template's name, or a project task's copied from one. */
    task: (task: Named): string => own(task) ?? seeded(t, 'tasks', task.name, '.name'),
    /**
     * A task's description: the seeded template's in the reader's words while it is as seeded (under
     * the template's name as seeded); one staff wrote or changed as stored.
     */
    taskDescription: (name: string, description: string | null | undefined): string => {
      const key = keyOf(name);
      return description && key ? asSeeded(t, `common:data.tasks.${key}.description`, description) : (description ?? '');
    },
    /** An internal page layout's name (the three seeded; one staff made or renamed as stored). */
    layout: (layout: Named): string => own(layout) ?? seeded(t, 'layouts', layout.name),
    /** A page of an internal page layout (About us, Contact us ... seeded; others as stored). */
    layoutPage: (page: Named): string => own(page) ?? seeded(t, 'layoutPages', page.name),
    /**
     * A project's name: one the server made from its company and type (`Demo Motors Stock`) in the
     * reader's words (`data.projectName`), a seeded one translated, one staff typed as typed.
     * `company` is the project's company name as the answer gives it.
     */
    project: (name: string, company: string | null | undefined): string => {
      const type = autoProjectType(t, name, company ?? '');
      if (type) return t('common:data.projectName', { company, type: t(`tracker:types.${type}`) });
      return seeded(t, 'projects', name);
    },
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
