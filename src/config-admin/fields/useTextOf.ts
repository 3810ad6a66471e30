import { useTranslation } from 'react-i18next';
import { labelKey } from './model/texts';
import type { StageDraftValue } from './model/types';

export type TextOf = (text: string | null | undefined, locale?: string) => string;

/**
 * A text of the file as the form shows it: the draft's words for its key, else the portal's
 * (`configurator` namespace), else plain words as written. Empty when there is none.
 */
export function useTextOf(draft: StageDraftValue): TextOf {
  const { i18n } = useTranslation(['configAdmin', 'configurator']);
  return (text, locale = i18n.language) => {
    if (!text) return '';
    const bare = labelKey(text);
    if (!bare) return text;
    const drafted = draft.labels[locale]?.[bare];
    if (drafted !== undefined) return drafted;
    const portal = i18n.getResource(locale, 'configurator', bare) as unknown;
    if (typeof portal === 'string') return portal;
    const fallback = i18n.getResource('en-GB', 'configurator', bare) as unknown;
    return typeof fallback === 'string' && locale === i18n.language ? fallback : '';
  };
}
