/**
 * Product writes (spec section 7): POST /products, PUT /products/{guid}, DELETE /products/{id},
 * POST /products/{id}/sort and POST /products/swap. Input is checked before anything is written;
 * every change of positions happens in one transaction that holds the catalogue's order lock, so
 * two admins moving products at once never leave two products at one position or a gap.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { hasStage } from '../../engine';
import { newestBornVersion } from '../catalogue/catalogue.versions';
import type { Db, Tx } from '../db/database';
import { products, productTerms, taxonomies, terms } from '../db/schema';
import { NotFound, Invalid, type ErrorDetail } from '../domain-errors';
import { interpolate, serverMessages } from '../messages';
import { childIds, PRODUCT_TAXONOMIES, productColumns, productInput, type ProductBody, type ProductInput, type TermsInput } from './products.fields';
import { cleanName } from '../http/clean-text';
import { loadProduct, productKey } from './products.service';
import { LOCK_IDS } from '../db/locks';
import { replaceLinks } from '../db/links';

// Serialises changes of the order (db/locks.ts).
const lockOrder = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_IDS.productOrder})`);

/**
 * Positions 1..N in the current order, whatever came before (a row inserted by hand, an old gap):
 * one statement, and only rows whose position changes are written.
 */
async function renumber(tx: Tx) {
  await tx.execute(sql`UPDATE ${products} SET order_column = r.n FROM (SELECT id, row_number() OVER (ORDER BY order_column, id) AS n FROM ${products}) r WHERE ${products.id} = r.id AND ${products.orderColumn} <> r.n`);
}

async function findId(db: Db | Tx, idOrGuid: string | number): Promise<{ id: number; guid: string; name: string; orderColumn: number }> {
  const where = productKey(idOrGuid);
  const [row] = where ? await db.select({ id: products.id, guid: products.guid, name: products.name, orderColumn: products.orderColumn }).from(products).where(where) : [];
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/** Term ids of the body as one list (`[7, 1]` or `{region: [7], type: [1]}`); undefined when not sent. */
function termList(input: TermsInput | undefined): number[] | undefined {
  if (input === undefined) return undefined;
  if (input === null) return [];
  if (Array.isArray(input)) return input;
  return PRODUCT_TAXONOMIES.flatMap((t) => input[t] ?? []);
}

/**
 * The checks a schema cannot make: the required name, children and parent that are other existing
 * products, stages that exist, and terms that are region or type terms.
 */
async function check(db: Db, input: ProductInput, termIds: number[] | undefined, self: number | null): Promise<void> {
  const problems: ErrorDetail[] = [];
  if ((self === null || input.name !== undefined) && !cleanName(input.name ?? '').trim()) problems.push({ detail: serverMessages.products.name_required, field: 'name' });
  const children = childIds(input.children);
  if (children.length) {
    const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, children));
    if (found.length !== children.length || (self !== null && children.includes(self))) problems.push({ detail: serverMessages.products.invalid_children, field: 'children' });
  }
  if (input.parent !== undefined && input.parent !== null) {
    const [found] = await db.select({ id: products.id }).from(products).where(eq(products.id, input.parent));
    if (!found || input.parent === self) problems.push({ detail: serverMessages.products.invalid_parent, field: 'parent' });
  }
  // A stage born in the editor is a stage once published (server/catalogue/README.md, "Born stages").
  const unknown = (input.stages ?? []).filter((slug) => !hasStage(slug));
  const unknownStage = (await Promise.all(unknown.map((slug) => newestBornVersion(db, slug)))).some((version) => version === null);
  if (unknownStage) problems.push({ detail: serverMessages.products.invalid_stages, field: 'stages' });
  if (termIds?.length) {
    const found = await db
      .select({ id: terms.id })
      .from(terms)
      .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
      .where(and(inArray(terms.id, termIds), inArray(taxonomies.slug, [...PRODUCT_TAXONOMIES])));
    if (found.length !== new Set(termIds).size) problems.push({ detail: serverMessages.products.invalid_terms, field: 'terms' });
  }
  if (problems.length) throw new Invalid(problems[0].detail, problems);
}

async function writeTerms(tx: Tx, productId: number, termIds: number[] | undefined) {
  if (termIds === undefined) return;
  await replaceLinks(tx, productTerms, { column: productTerms.productId, id: productId }, productTerms.termId, termIds, (termId) => ({ productId, termId }));
}

/** POST /products: at the end of the list (order_column = max + 1); 'Product Created'. */
export async function createProduct(db: Db, body: ProductBody) {
  const { input, terms: termsIn } = productInput(body);
  const termIds = termList(termsIn);
  await check(db, input, termIds, null);
  const id = await db.transaction(async (tx) => {
    await lockOrder(tx);
    const [row] = await tx
      .insert(products)
      .values({ name: input.name!.trim(), ...productColumns(input), orderColumn: sql`(SELECT COALESCE(MAX(${products.orderColumn}), 0) + 1 FROM ${products})` })
      .returning({ id: products.id });
    await writeTerms(tx, row.id, termIds);
    return row.id;
  });
  return { ...(await loadProduct(db, id))!, message: serverMessages.products.created };
}

/** PUT /products/{id|guid}: changes the fields sent; 'Product Updated'. */
export async function updateProduct(db: Db, idOrGuid: string, body: ProductBody) {
  const { id } = await findId(db, idOrGuid);
  const { input, terms: termsIn } = productInput(body);
  const termIds = termList(termsIn);
  await check(db, input, termIds, id);
  await db.transaction(async (tx) => {
    await tx.update(products).set({ ...productColumns(input), updatedAt: new Date() }).where(eq(products.id, id));
    await writeTerms(tx, id, termIds);
  });
  return { ...(await loadProduct(db, id))!, message: serverMessages.products.updated };
}

/**
 * DELETE /products/{id}: 'Product Removed'. The products after it move up one place, and it leaves
 * every other product's children (and is no longer anyone's parent), in the same transaction.
 */
export async function deleteProduct(db: Db, idOrGuid: string) {
  const gone = await db.transaction(async (tx) => {
    await lockOrder(tx);
    const row = await findId(tx, idOrGuid);
    await tx.delete(products).where(eq(products.id, row.id));
    await renumber(tx);
    const key = String(row.id);
    await tx
      .update(products)
      .set({ children: sql`array_to_string(array_remove(string_to_array(${products.children}, ','), ${key}), ',')` })
      .where(sql`${key} = ANY(string_to_array(${products.children}, ','))`);
    await tx.update(products).set({ parent: null }).where(eq(products.parent, row.id));
    return row;
  });
  return { id: gone.id, guid: gone.guid, name: gone.name, message: serverMessages.products.removed };
}

/**
 * POST /products/{id}/sort {to}: the product to position `to` (1-based), the ones between shifting
 * one place; 'Value must be more than 0' below 1, 'Value cannot be more than N' past the end.
 */
export async function sortProduct(db: Db, idOrGuid: string, to: number) {
  const id = await db.transaction(async (tx) => {
    await lockOrder(tx);
    const { id } = await findId(tx, idOrGuid);
    if (to < 1) throw new Invalid(serverMessages.products.sort_min, [{ detail: serverMessages.products.sort_min, field: 'to' }]);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products);
    if (to > n) {
      const detail = interpolate(serverMessages.products.sort_max, { max: n });
      throw new Invalid(detail, [{ detail, field: 'to' }]);
    }
    await renumber(tx);
    const [{ from }] = await tx.select({ from: products.orderColumn }).from(products).where(eq(products.id, id));
    if (to < from) {
      await tx.update(products).set({ orderColumn: sql`${products.orderColumn} + 1` }).where(and(sql`${products.orderColumn} >= ${to}`, sql`${products.orderColumn} < ${from}`));
    } else if (to > from) {
      await tx.update(products).set({ orderColumn: sql`${products.orderColumn} - 1` }).where(and(sql`${products.orderColumn} > ${from}`, sql`${products.orderColumn} <= ${to}`));
    }
    if (to !== from) await tx.update(products).set({ orderColumn: to, updatedAt: new Date() }).where(eq(products.id, id));
    return id;
  });
  return (await loadProduct(db, id))!;
}

/** POST /products/swap {productId1, productId2}: the two trade places. */
export async function swapProducts(db: Db, productId1: number, productId2: number) {
  await db.transaction(async (tx) => {
    await lockOrder(tx);
    await renumber(tx);
    const rows = await tx.select({ id: products.id, orderColumn: products.orderColumn }).from(products).where(inArray(products.id, [productId1, productId2]));
    const first = rows.find((r) => r.id === productId1);
    const second = rows.find((r) => r.id === productId2);
    if (!first || !second) {
      const field = first ? 'productId2' : 'productId1';
      throw new NotFound(serverMessages.not_found, [{ detail: serverMessages.not_found, field }]);
    }
    if (first.id === second.id) return;
    const now = new Date();
    await tx.update(products).set({ orderColumn: second.orderColumn, updatedAt: now }).where(eq(products.id, first.id));
    await tx.update(products).set({ orderColumn: first.orderColumn, updatedAt: now }).where(and(eq(products.id, second.id), ne(products.id, first.id)));
  });
  return [(await loadProduct(db, productId1))!, (await loadProduct(db, productId2))!];
}
