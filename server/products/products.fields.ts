// The Product fields of spec section 3: allowed values and the table row <-> API shape mapping.
import type { products } from '../db/schema';
import { cleanName, cleanText } from '../http/clean-text';
import { priceCurrency, type Currency } from '../../contract/money';
import type { ProductCostType, ProductTaxonomy } from '../../contract/products';
import type { LocalNames } from '../../contract/names';

/** Spec section 3, "Product pricing types". */
export { PRODUCT_COST_TYPES, type ProductCostType } from '../../contract/products';
/** The taxonomies a product is tagged with (GET /products filters on them), by slug. */
export { PRODUCT_TAXONOMIES, type ProductTaxonomy } from '../../contract/products';

type ProductRow = typeof products.$inferSelect;
export interface ProductTerm {
  id: number;
  name: string;
  /** The term's name in other locales (contract/names.ts). */
  names: LocalNames;
  slug: string;
  taxonomy: string;
}

const money = (v: string | null) => (v === null ? null : Number(v));

/**
 * A product as the API gives it: every section-3 field by its snake_case name, children as "3,7",
 * and `currency`, the currency its prices are in: the reader's market when the catalogue is one
 * company's (a dealer's), else the product's regions' own (contract/money.ts).
 */
export function productFields(p: ProductRow, terms: ProductTerm[], market?: Currency) {
  return {
    id: p.id,
    guid: p.guid,
    name: p.name,
    description: p.description,
    cost: Number(p.cost),
    currency: market ?? priceCurrency(terms.filter((t) => t.taxonomy === 'region').map((t) => t.slug)),
    cost_type: p.costType,
    cost_notes: p.costNotes,
    discount: Number(p.discount),
    addition: p.addition,
    conditions: p.conditions,
    editable: p.editable,
    location_limit: p.locationLimit,
    stock_limit: p.stockLimit,
    per_stock: p.perStock,
    cost_per_stock: money(p.costPerStock),
    per_location: p.perLocation,
    per_franchise: p.perFranchise,
    fixed_setup_fee: money(p.fixedSetupFee),
    stages: p.stages,
    order_column: p.orderColumn,
    terms,
    children: p.children,
    parent: p.parent,
    add_by_default_in_agreement: p.addByDefaultInAgreement,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
export type Product = ReturnType<typeof productFields>;

/** The writable fields of a product write, as the API names them (every one optional; PUT changes what it sends). */
export interface ProductInput {
  name?: string | null;
  description?: string | null;
  cost?: number | null;
  cost_type?: ProductCostType | null;
  cost_notes?: string | null;
  discount?: number | null;
  addition?: boolean | null;
  conditions?: string | null;
  editable?: boolean | null;
  location_limit?: number | null;
  stock_limit?: number | null;
  per_stock?: boolean | null;
  cost_per_stock?: number | null;
  per_location?: boolean | null;
  per_franchise?: boolean | null;
  fixed_setup_fee?: number | null;
  stages?: string[] | null;
  children?: string | number[] | null;
  parent?: number | null;
  add_by_default_in_agreement?: boolean | null;
}
export type TermsInput = number[] | Partial<Record<ProductTaxonomy, number[] | null>> | null;
/** The body: `{product, terms}` (spec section 7) or the fields flat beside `terms` (react-admin). */
export type ProductBody = ProductInput & { product?: ProductInput; terms?: TermsInput };

/** The fields of either body form (the `product` object wins over the same flat field). */
export function productInput(body: ProductBody): { input: ProductInput; terms: TermsInput | undefined } {
  const { product, terms, ...flat } = body;
  return { input: { ...flat, ...product }, terms };
}

/** "3,7" or [3, 7] as a list of ids, in order, without repeats. */
export function childIds(children: ProductInput['children']): number[] {
  if (children === null || children === undefined) return [];
  const list = Array.isArray(children) ? children : children.split(',').filter(Boolean).map(Number);
  return [...new Set(list)];
}

// Blank text is stored as null, so "no notes" has one spelling; NUL characters (PostgreSQL cannot hold them) are dropped.
const clean = (v: string | null | undefined) => (typeof v === 'string' && cleanText(v).trim() ? cleanText(v).trim() : null);
const cents = (v: number) => (Math.round(v * 100) / 100).toFixed(2);

/** The column values a write sets: only the fields the body names (a PUT leaves the others alone). */
export function productColumns(input: ProductInput): Partial<ProductRow> {
  const out: Partial<ProductRow> = {};
  const set = <K extends keyof ProductRow>(column: K, value: ProductRow[K]) => void (out[column] = value);
  const bool = (v: boolean | null | undefined) => v === true;
  // A name shown in every dealer's catalogue: no bidirectional controls (clean-text.ts).
  if (input.name !== undefined) set('name', typeof input.name === 'string' ? cleanName(input.name).trim() : '');
  if (input.description !== undefined) set('description', clean(input.description));
  if (input.cost !== undefined) set('cost', cents(input.cost ?? 0));
  if (input.cost_type) set('costType', input.cost_type);
  if (input.cost_notes !== undefined) set('costNotes', clean(input.cost_notes));
  if (input.discount !== undefined) set('discount', cents(input.discount ?? 0));
  if (input.addition !== undefined) set('addition', bool(input.addition));
  if (input.conditions !== undefined) set('conditions', clean(input.conditions));
  if (input.editable !== undefined) set('editable', bool(input.editable));
  if (input.location_limit !== undefined) set('locationLimit', input.location_limit);
  if (input.stock_limit !== undefined) set('stockLimit', input.stock_limit);
  if (input.per_stock !== undefined) set('perStock', bool(input.per_stock));
  if (input.cost_per_stock !== undefined) set('costPerStock', input.cost_per_stock === null ? null : cents(input.cost_per_stock));
  if (input.per_location !== undefined) set('perLocation', bool(input.per_location));
  if (input.per_franchise !== undefined) set('perFranchise', bool(input.per_franchise));
  if (input.fixed_setup_fee !== undefined) set('fixedSetupFee', input.fixed_setup_fee === null ? null : cents(input.fixed_setup_fee));
  if (input.stages !== undefined) set('stages', input.stages ?? []);
  if (input.children !== undefined) set('children', childIds(input.children).join(','));
  if (input.parent !== undefined) set('parent', input.parent);
  if (input.add_by_default_in_agreement !== undefined) set('addByDefaultInAgreement', bool(input.add_by_default_in_agreement));
  return out;
}
