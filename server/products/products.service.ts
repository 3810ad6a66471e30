/**
 * Products (spec sections 3 and 7): 'view products' reads the catalogue that applies to the reader
 * (products.catalogue.ts: staff all of it, a dealer their company's regions and types), 'create
 * products' writes it (the routes check). GET /products speaks
 * ra-data-simple-rest and the spec's form (term filters region and type; terms included; sorted by
 * order_column ASC).
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { products, productTerms, taxonomies, terms } from '../db/schema';
import { NotFound } from '../domain-errors';
import { likePattern, pageOf, simpleRest, type Page } from '../http/simple-rest';
import { serverMessages } from '../messages';
import { cleanText } from '../http/clean-text';
import { whereKey } from '../http/ids';
import { PRODUCT_TAXONOMIES, productFields, type Product, type ProductTaxonomy, type ProductTerm } from './products.fields';
import type { Catalogue } from './products.catalogue';

const rest = simpleRest(serverMessages.products.bad_query);

/** The condition that finds a product by numeric id or guid; null for a key that is neither (not found). */
export const productKey = (idOrGuid: number | string): SQL | null => whereKey(idOrGuid, products.id, products.guid);

/** The region and type terms of some products, by product id, as `[{id, name, slug, taxonomy}]`. */
export async function termsOf(db: Db | Tx, productIds: number[]): Promise<Map<number, ProductTerm[]>> {
  const out = new Map<number, ProductTerm[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return out;
  const rows = await db
    .select({ productId: productTerms.productId, id: terms.id, name: terms.name, names: terms.names, slug: terms.slug, taxonomy: taxonomies.slug })
    .from(productTerms)
    .innerJoin(terms, eq(terms.id, productTerms.termId))
    .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
    .where(inArray(productTerms.productId, productIds))
    .orderBy(asc(taxonomies.id), asc(terms.id));
  for (const { productId, ...term } of rows) out.get(productId)?.push(term);
  return out;
}

/** A product in the API's shape (within `catalogue` when given); null when there is none. */
export async function loadProduct(db: Db | Tx, idOrGuid: number | string, catalogue?: Catalogue): Promise<Product | null> {
  const where = productKey(idOrGuid);
  if (!where) return null;
  const [row] = await db.select().from(products).where(and(where, catalogue?.where));
  if (!row) return null;
  return productFields(row, (await termsOf(db, [row.id])).get(row.id) ?? [], catalogue?.market);
}

/** GET /products/{id|guid}: another market's product is not found, like one that does not exist. */
export async function getProduct(db: Db, idOrGuid: string, catalogue?: Catalogue): Promise<Product> {
  const product = await loadProduct(db, idOrGuid, catalogue);
  if (!product) throw new NotFound(serverMessages.not_found);
  return product;
}

const SORTABLE = {
  order_column: products.orderColumn,
  id: products.id,
  name: products.name,
  cost: products.cost,
  cost_type: products.costType,
  discount: products.discount,
  created_at: products.createdAt,
  updated_at: products.updatedAt,
} as const;
const FILTER_KEYS = ['q', 'id', 'parent', ...PRODUCT_TAXONOMIES];

export interface ProductListQuery {
  sort?: string;
  range?: string;
  filter?: string;
  q?: string;
  region?: string[];
  type?: string[];
  include?: string;
}

/** The spec's plain `region=uk` / `type=1`: term ids, or slugs of that taxonomy. */
async function termIdsOf(db: Db, taxonomy: ProductTaxonomy, values: string[]): Promise<number[]> {
  const ids = values.filter((v) => /^\d{1,9}$/.test(v)).map(Number);
  const slugs = values.filter((v) => !/^\d{1,9}$/.test(v)).map((v) => v.toLowerCase());
  if (!slugs.length) return ids;
  const found = await db
    .select({ id: terms.id })
    .from(terms)
    .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
    .where(and(eq(taxonomies.slug, taxonomy), inArray(terms.slug, slugs)));
  // An unknown slug matches nothing (rather than widening the list to every product).
  return [...ids, ...found.map((f) => f.id), ...(found.length < slugs.length ? [0] : [])];
}

/** One page of the reader's catalogue, with the total for Content-Range; sorted by position unless asked otherwise. */
export async function listProducts(db: Db, query: ProductListQuery, catalogue?: Catalogue): Promise<Page<Product>> {
  const f = rest.filter(query.filter, FILTER_KEYS);
  const q = rest.search(query.q ?? f.q, query.q !== undefined ? 'q' : 'filter.q');
  const idList = rest.ids(f.id, 'id');
  const parent = rest.ids(f.parent, 'parent');
  if (parent && parent.length !== 1) throw rest.bad('filter.parent');
  const termFilters: number[][] = [];
  for (const taxonomy of PRODUCT_TAXONOMIES) {
    const plain = query[taxonomy];
    const list = plain?.length ? await termIdsOf(db, taxonomy, plain) : rest.ids(f[taxonomy], taxonomy);
    if (list) termFilters.push(list);
  }
  const order = rest.sort(query.sort, SORTABLE, ['order_column', 'ASC'], products.id);
  const range = rest.range(query.range);
  const pattern = q ? likePattern(cleanText(q)) : null;
  const where = and(
    catalogue?.where,
    pattern ? or(ilike(products.name, pattern), ilike(products.description, pattern), ilike(products.costNotes, pattern)) : undefined,
    idList ? inArray(products.id, idList) : undefined,
    parent ? eq(products.parent, parent[0]) : undefined,
    // One condition per taxonomy: any of its terms (region UK or FR), the taxonomies together (and a dealer group).
    ...termFilters.map((ids) => sql`${products.id} IN (SELECT ${productTerms.productId} FROM ${productTerms} WHERE ${inArray(productTerms.termId, ids)})`),
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(products).where(where).orderBy(...order).limit(range.end - range.start + 1).offset(range.start),
    db.select({ total: count() }).from(products).where(where),
  ]);
  const links = await termsOf(db, rows.map((r) => r.id));
  return pageOf(rows.map((r) => productFields(r, links.get(r.id) ?? [], catalogue?.market)), total, range);
}
