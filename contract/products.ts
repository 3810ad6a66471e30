/** The product enumerations server and app share (spec section 3). */

/** Spec section 3, Enumerations: product pricing types, a product's `cost_type`. */
export const PRODUCT_COST_TYPES = ['per month', 'per lead', 'per site', 'per transaction', 'per annum', 'per chat'] as const;
export type ProductCostType = (typeof PRODUCT_COST_TYPES)[number];

/** The taxonomies a product is tagged with (its region and type), by slug. */
export const PRODUCT_TAXONOMIES = ['region', 'type'] as const;
export type ProductTaxonomy = (typeof PRODUCT_TAXONOMIES)[number];
