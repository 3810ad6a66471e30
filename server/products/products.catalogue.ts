/**
 * Which products a reader is offered (issue 26): staff (who work across companies, or manage the
 * catalogue) see every product; anyone else sees the catalogue that applies to their company: the
 * products tagged with one of its regions and one of its dealer types, priced in its currency.
 * Enforced in the query, like tenancy (db/tenancy.ts), so a dealer can neither list nor open
 * another market's product.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { regionCurrency, type Currency } from '../../contract/money';
import type { Db } from '../db/database';
import { companyTerms, companyUsers, productTerms, products, taxonomies, terms } from '../db/schema';
import { seesAllCompanies, type Viewer } from '../db/tenancy';

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

/** The viewer's catalogue: everything for staff, their companies' regions and types for a dealer. */
export async function catalogueOf(db: Db, viewer: Viewer): Promise<Catalogue> {
  if (seesAllCompanies(viewer) || viewer.permissions.has('create products')) return WHOLE;
  const rows = await db
    .select({ id: terms.id, slug: terms.slug, taxonomy: taxonomies.slug })
    .from(companyTerms)
    .innerJoin(companyUsers, eq(companyUsers.companyId, companyTerms.companyId))
    .innerJoin(terms, eq(terms.id, companyTerms.termId))
    .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
    .where(and(eq(companyUsers.userId, viewer.id), inArray(taxonomies.slug, ['region', 'type'])));
  const regions = rows.filter((r) => r.taxonomy === 'region');
  const types = rows.filter((r) => r.taxonomy === 'type');
  // A company without a region or type is offered nothing rather than everything.
  return {
    where: and(taggedWithAny(regions.map((r) => r.id)), taggedWithAny(types.map((r) => r.id))),
    market: regionCurrency(regions[0]?.slug),
    key: `user:${viewer.id}`,
  };
}
