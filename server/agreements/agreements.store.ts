/**
 * The SQL the agreements area's services share: one agreement with its company and salesperson
 * (tenancy in the query, so another company's agreement is never loaded), and the catalogue a
 * company is offered (its region and type terms, by position).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { agreements, companies, products, users } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { whereKey } from '../http/ids';
import type { AgreementRecord, PricingProduct } from './agreements.types';

/**
 * The slug of the company's first region term (its market), or null. Written with its own
 * aliases: drizzle leaves columns unqualified in a one-table select, where "id" would be ambiguous.
 */
export const regionSlugOf = (companyId: typeof agreements.companyId) =>
  sql<string | null>`(SELECT rt.slug FROM company_terms rct INNER JOIN terms rt ON rt.id = rct.term_id INNER JOIN taxonomies rx ON rx.id = rt.taxonomy_id WHERE rct.company_id = ${companyId} AND rx.slug = 'region' ORDER BY rct.id LIMIT 1)`;

/** The columns of an AgreementRecord (the documents included). */
export const recordColumns = {
  id: agreements.id,
  guid: agreements.guid,
  companyId: agreements.companyId,
  companyGuid: companies.guid,
  companyName: companies.name,
  regionSlug: regionSlugOf(agreements.companyId),
  name: agreements.name,
  type: agreements.type,
  stage: agreements.stage,
  lang: agreements.lang,
  notes: agreements.notes,
  message: agreements.message,
  userId: agreements.userId,
  salespersonName: users.name,
  companyDetails: agreements.companyDetails,
  subscription: agreements.subscription,
  sentCatalogue: agreements.sentCatalogue,
  version: agreements.version,
  sentAt: agreements.sentAt,
  remindAfterDays: agreements.remindAfterDays,
  expiresAt: agreements.expiresAt,
  signedAt: agreements.signedAt,
  archivedAt: agreements.archivedAt,
  routing: agreements.routing,
  closedReason: agreements.closedReason,
  closedAt: agreements.closedAt,
  copiedFromId: agreements.copiedFromId,
  createdAt: agreements.createdAt,
  updatedAt: agreements.updatedAt,
};

/**
 * One agreement by id or guid, when `viewer` (if given) may see it and it belongs to the company
 * `companyKey` (if given); null otherwise (a 404 for the caller, alike for both). `lock` (in a
 * transaction) takes the agreement's row lock, FOR UPDATE: `wait` waits while another transaction
 * holds it, then reads the row as that one left it; `skip` does not wait and answers null while
 * another holds it (SKIP LOCKED).
 */
export async function loadAgreement(db: Db | Tx, key: string | number, opts: { viewer?: Viewer; companyKey?: string; lock?: 'wait' | 'skip' } = {}): Promise<AgreementRecord | null> {
  const where = whereKey(key, agreements.id, agreements.guid);
  if (!where) return null;
  const byCompany = opts.companyKey === undefined ? undefined : whereKey(opts.companyKey, companies.id, companies.guid);
  if (byCompany === null) return null;
  const query = db
    .select(recordColumns)
    .from(agreements)
    .innerJoin(companies, eq(companies.id, agreements.companyId))
    .leftJoin(users, eq(users.id, agreements.userId))
    .where(and(where, byCompany, opts.viewer ? companyScope(opts.viewer, agreements.companyId) : undefined));
  // The agreement's row only (the salesperson is the nullable side of an outer join, which PostgreSQL does not lock).
  const [row] = opts.lock === 'skip' ? await query.for('update', { of: agreements, skipLocked: true }) : opts.lock === 'wait' ? await query.for('update', { of: agreements }) : await query;
  return (row as AgreementRecord | undefined) ?? null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** Products tagged with one of the company's terms of `taxonomy` (own aliases, as above). */
const taggedLikeCompany = (companyId: number, taxonomy: 'region' | 'type') =>
  sql`${products.id} IN (SELECT pt.product_id FROM product_terms pt WHERE pt.term_id IN (SELECT ct.term_id FROM company_terms ct INNER JOIN terms t ON t.id = ct.term_id INNER JOIN taxonomies x ON x.id = t.taxonomy_id WHERE ct.company_id = ${companyId} AND x.slug = ${taxonomy}))`;

/**
 * The catalogue a company is offered (issue 27: "products filtered by the company's region and
 * type terms, ordered by order_column"), as the maths reads it; a company without a region or a
 * type is offered nothing, as a dealer's GET /products does.
 */
export async function companyCatalogue(db: Db | Tx, companyId: number): Promise<PricingProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(taggedLikeCompany(companyId, 'region'), taggedLikeCompany(companyId, 'type')))
    .orderBy(asc(products.orderColumn), asc(products.id));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    cost: Number(p.cost),
    cost_type: p.costType as PricingProduct['cost_type'],
    discount: Number(p.discount),
    addition: p.addition,
    editable: p.editable,
    location_limit: p.locationLimit,
    stock_limit: p.stockLimit,
    per_stock: p.perStock,
    cost_per_stock: num(p.costPerStock),
    per_location: p.perLocation,
    per_franchise: p.perFranchise,
    fixed_setup_fee: num(p.fixedSetupFee),
    children: p.children || null,
    parent: p.parent,
    add_by_default_in_agreement: p.addByDefaultInAgreement,
    order_column: p.orderColumn,
    category: p.stages[0] ?? null,
  }));
}
