// The picker's groups: the product's category (the configurator stage it belongs to, as the
// agreement's catalogue gives it: contract/agreements.ts `category`), in catalogue order; products
// without one come last, under "Other products".
import type { AgreementCatalogueProduct } from './api';

export interface ProductGroup {
  /** The category's name, or null for the products without one. */
  category: string | null;
  products: AgreementCatalogueProduct[];
}

/** The catalogue in its groups, groups in the order their first product comes, each in catalogue order (order_column). */
export function groupProducts(catalogue: readonly AgreementCatalogueProduct[]): ProductGroup[] {
  const sorted = [...catalogue].sort((a, b) => a.order_column - b.order_column || a.id - b.id);
  const groups = new Map<string | null, AgreementCatalogueProduct[]>();
  for (const p of sorted) {
    const key = p.category?.trim() || null;
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const out: ProductGroup[] = [...groups].map(([category, products]) => ({ category, products }));
  const rest = sorted.filter((p) => !p.category?.trim());
  return rest.length ? [...out, { category: null, products: rest }] : out;
}
