/**
 * A cascade in words, in the editor's language: "Removing an entry from “Franchises” also removes it
 * from Locations › Franchises." Texts: `configAdmin` `stages.cascades.*` (7 locales).
 */
import { cascadeFieldPath, titlesOnPath, type Cascade } from './cascadeModel';
import type { Translate } from './describeCondition';

/** Words for a schema title (an i18n key of the configurator, or plain words). */
export type TitleWords = (title: string | null) => string;

/** The field a cascade writes, as staff know it: its titles from the stage down ("Locations › Franchises"). */
export function cascadeFieldWords(file: unknown, c: Cascade, words: TitleWords): string {
  const slug = (file as { slug?: unknown } | null)?.slug;
  const path = typeof slug === 'string' ? cascadeFieldPath(c, slug) : null;
  if (!path) return c.target + (c.field ? ` › ${c.field}` : '');
  return titlesOnPath(file, path).map((title) => words(title) || '?').join(' › ');
}

/** The cascade as one sentence; `source` is the other stage's title in words. */
export function describeCascade(c: Cascade, t: Translate, field: string, source: string): string {
  if (c.kind === 'sole') return t('stages.cascades.sole', { field, source });
  return t(c.single ? 'stages.cascades.stripSingle' : 'stages.cascades.strip', { field, source });
}
