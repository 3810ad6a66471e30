/**
 * The New stage dialog's pure parts (issue 56, server/catalogue/README.md "Born stages"): the slug
 * suggested from the English title, the sections a stage may go in and the place suggested in one.
 */
import { baseCatalogue } from '../../../engine';
import { NEW_STAGE_LIMITS, STAGE_SLUG_PATTERN } from '../../../contract/born-stages';
import type { EditableStage } from '../../../contract/catalogue';

const SLUG = new RegExp(STAGE_SLUG_PATTERN);

/** The portal's locales, English and French first (a new stage's title in those at least). */
export const NEW_STAGE_LOCALES = ['en-GB', 'fr-FR', 'en-AU', 'en-ZA', 'fr-BE', 'nl-NL', 'nl-BE'] as const;

/**
 * A slug from a title: lower case, accents dropped, words joined by dashes, starting with a letter
 * (the stage file meta-schema's pattern), at most 64 characters.
 * @example slugFromTitle('Financement & crédit 2') // 'financement-credit-2'
 */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '');
  return words.slice(0, NEW_STAGE_LIMITS.slug).replace(/-+$/, '');
}

/** True when `slug` is one a stage file may have. */
export const isStageSlug = (slug: string) => slug.length <= NEW_STAGE_LIMITS.slug && SLUG.test(slug);

/** True when a shipped stage has this slug (the server refuses it too; the dialog says so first). */
export const isShippedSlug = (slug: string) => baseCatalogue.bySlug.has(slug);

/** The sections the shipped stages use (i18n keys), in the configurator's order: the only ones a new stage may go in. */
export function stageSections(): string[] {
  return [...new Set(baseCatalogue.stages.map((s) => s.section))];
}

/** A place after the last shipped stage of the section (the stages are listed by it). */
export function placeIn(section: string): number {
  const orders = baseCatalogue.stages.filter((s) => s.section === section).map((s) => s.order);
  return orders.length ? Math.min(Math.max(...orders) + 1, NEW_STAGE_LIMITS.order) : 0;
}

/**
 * The title texts of a stage born in the editor, per locale (its published ones, else its draft's),
 * for the screens that name it: the app has no file of it. Nothing for a shipped stage.
 * @example bornTitleTexts(stage) // { 'en-GB': { 'stages.finance-options.title': 'Finance options' } }
 */
export function bornTitleTexts(stage: Pick<EditableStage, 'slug' | 'labels' | 'draft'>): Record<string, Record<string, string>> {
  if (isShippedSlug(stage.slug)) return {};
  const key = `stages.${stage.slug}.title`;
  const out: Record<string, Record<string, string>> = {};
  for (const labels of [stage.draft?.labels ?? {}, stage.labels]) {
    for (const [locale, texts] of Object.entries(labels)) if (texts[key]) out[locale] = { [key]: texts[key] };
  }
  return out;
}
