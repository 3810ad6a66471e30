import { useTranslation } from 'react-i18next';
import { useStageCatalogue } from '../data/stageCatalogue';
import { useTermChoices } from '../data/terms';
import { PRODUCT_TAXONOMIES } from '../../contract/products';

/** Spec section 3, "Product pricing types", and the product taxonomies: one list with the server's (contract/products.ts). */
export { PRODUCT_COST_TYPES as COST_TYPES, PRODUCT_TAXONOMIES, type ProductTaxonomy } from '../../contract/products';
/** The i18n key of a pricing type: `productsAdmin.costTypes.per_month`. */
export const costTypeKey = (type: string) => `productsAdmin.costTypes.${type.replace(/\s+/g, '_')}`;

export interface Choice {
  id: number | string;
  name: string;
}
/**
 * The region and type terms, by taxonomy. The USA region included (hidden from dealers' region
 * choice, spec section 5): staff price a product for it in dollars (README, "differs on purpose").
 */
export const useProductTerms = () => useTermChoices(PRODUCT_TAXONOMIES, { withHidden: true });

/**
 * The configurator stages a product may bring into a config (GET /configs/stages), by slug. Without
 * the right to read the catalogue the list is empty and the form offers the product's own stages.
 */
export function useStageChoices(): { choices: Choice[]; ready: boolean } {
  // Stage titles are keys of the configurator namespace ("configurator:stages.design.title").
  const { t } = useTranslation(['common', 'configurator']);
  // Read again as the form opens: a stage published meanwhile may be named.
  const { data, isFetched } = useStageCatalogue({ fresh: true });
  return { choices: (data?.stages ?? []).map((s) => ({ id: s.slug, name: t(s.title, { defaultValue: s.slug }) })), ready: isFetched };
}
