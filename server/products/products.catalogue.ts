/**
 * Which products a reader is offered (issue 26): staff (who work across companies, or manage the
 * catalogue) see every product; anyone else sees the catalogue that applies to their company: the
 * products tagged with one of its regions and one of its dealer types, priced in its currency.
 * Enforced in the query, like tenancy (db/tenancy.ts), so a dealer can neither list nor open
 * another market's product.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { regionCurrency, type Currency } from '../../contract/money';
import type { Db } from '../db/database';
import { companyTerms, productTerms, products, taxonomies, terms } from '../db/schema';
import { inCurrentCompany, seesAllCompanies, type Viewer } from '../db/tenancy';

export interface Catalogue {
  /** The condition a product must meet; undefined for the whole catalogue. */
  where: SQL | undefined;
  /** The currency the reader's prices are in; undefined: each product's own. */
  market: Currency | undefined;
  /** What the answer depends on, for the read cache's key. */
  key: string;
}

const WHOLE: Catalogue = { where: undefined, market: undefined, key: 'all' };

const taggedWithAny = (termIds: number[]) =>
  sql`${products.id} IN (SELECT ${productTerms.productId} FROM ${productTerms} WHERE ${inArray(productTerms.termId, termIds.length ? termIds : [0])})`;

/** What a dealer's catalogue depends on: their current company's region and type terms (db/tenancy.ts). */
interface CatalogueTerms {
  regions: number[];
  types: number[];
  regionSlug: string | undefined;
}

async function catalogueTerms(db: Db, viewer: Viewer): Promise<CatalogueTerms> {
  const rows = await db
    .select({ id: terms.id, slug: terms.slug, taxonomy: taxonomies.slug })
    .from(companyTerms)
    .innerJoin(terms, eq(terms.id, companyTerms.termId))
    .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
    .where(and(inCurrentCompany(viewer.id, companyTerms.companyId), inArray(taxonomies.slug, ['region', 'type'])));
  const regions = rows.filter((r) => r.taxonomy === 'region');
  return { regions: regions.map((r) => r.id), types: rows.filter((r) => r.taxonomy === 'type').map((r) => r.id), regionSlug: regions[0]?.slug };
}

/**
 * The viewer's catalogue: everything for staff, their companies' regions and types for a dealer.
 * With `request`, the dealer's terms come from the read cache (db/read-cache.ts): a repeated list
 * or product read costs no query, and any write (a company's terms, the user's company, a
 * product) ends the kept terms on the next request, as it ends every kept read.
 */
export async function catalogueOf(db: Db, viewer: Viewer, request?: FastifyRequest): Promise<Catalogue> {
  if (seesAllCompanies(viewer) || viewer.permissions.has('create products')) return WHOLE;
  const load = () => catalogueTerms(db, viewer);
  // Kept as plain ids (shared between requests, never mutated); the query condition is built per request.
  const t = request ? await request.server.database.reads.read(request, `catalogue-terms:${viewer.id}`, load) : await load();
  // A company without a region or type is offered nothing rather than everything.
  return {
    where: and(taggedWithAny(t.regions), taggedWithAny(t.types)),
    market: regionCurrency(t.regionSlug),
    key: `user:${viewer.id}`,
  };
}
