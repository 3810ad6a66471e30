import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStageCatalogue } from '../data/stageCatalogue';
import { humanise } from './logo';

/**
 * A product category's name: the category is the slug of the configurator stage the product
 * belongs to, named by the stage catalogue's title (a key of the configurator namespace); a slug
 * the catalogue does not know is shown in words.
 */
export function useCategoryNames(): (category: string) => string {
  const { t } = useTranslation('configurator');
  const { data } = useStageCatalogue();
  const titles = useMemo(() => new Map((data?.stages ?? []).map((s) => [s.slug, s.title])), [data]);
  return useCallback((category: string) => {
    const title = titles.get(category);
    return title ? t(title, { defaultValue: humanise(category) }) : humanise(category);
  }, [titles, t]);
}
