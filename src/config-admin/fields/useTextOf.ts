import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useDraftValue, type DraftStore } from './draftStore';
import { labelKey } from './model/texts';
import type { StageDraftValue } from './model/types';

export type TextOf = (text: string | null | undefined, locale?: string) => string;

/**
 * A text of the file as the form shows it: the draft's words for its key, else the portal's
 * (`configurator` namespace), else plain words as written. Empty when there is none.
 */
export function textOfDraft(draft: Pick<StageDraftValue, 'labels'>, i18n: I18n, text: string | null | undefined, locale = i18n.language): string {
  if (!text) return '';
  const bare = labelKey(text);
  if (!bare) return text;
  const drafted = draft.labels[locale]?.[bare];
  if (drafted !== undefined) return drafted;
  const portal = i18n.getResource(locale, 'configurator', bare) as unknown;
  if (typeof portal === 'string') return portal;
  const fallback = i18n.getResource('en-GB', 'configurator', bare) as unknown;
  return typeof fallback === 'string' && locale === i18n.language ? fallback : '';
}

/** `textOfDraft` for this draft, in the editor's language unless a locale is given. */
export function useTextOf(draft: Pick<StageDraftValue, 'labels'>): TextOf {
  const { i18n } = useTranslation(['configAdmin', 'configurator']);
  return (text, locale) => textOfDraft(draft, i18n, text, locale);
}

/** `useTextOf` for a part that reads the draft from its store: drawn again whenever a text changes. */
export function useLiveTextOf(store: DraftStore): TextOf {
  const labels = useDraftValue(store, (d) => d.labels);
  return useTextOf({ labels });
}
