/**
 * The company a config's defaults depend on (spec section 9: "Default region-country is the company
 * region upper-cased"): its region, for the engine's `stageDefaults(slug, context)` and a reset's
 * `writeStage({ context })`, so a reset or restored-to-empty stage holds the company's country.
 * Every stage write passes it too: a `visibleIf` reads it as `$company` (engine/README.md).
 */
import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { DefaultsContext } from '../../engine';
import type { Db } from '../db/database';
import { companyTerms, taxonomies, terms } from '../db/schema';

/**
 * The region slug of the company in `companyId` (its lowest region term, as below) as a column of a
 * select: the config answer carries it, so the stage page's defaults and new list items follow it.
 */
export const companyRegion = (companyId: AnyColumn) =>
  sql<string | null>`(SELECT rt.slug FROM ${companyTerms} rct INNER JOIN ${terms} rt ON rt.id = rct.term_id INNER JOIN ${taxonomies} rx ON rx.id = rt.taxonomy_id WHERE rct.company_id = ${companyId} AND rx.slug = 'region' ORDER BY rt.id LIMIT 1)`;

/**
 * The company's region as the engine's writes take it: the one the config was loaded with
 * (`companyRegion`, read in the same query), else read now (a config loaded without it).
 */
export async function companyContextOf(db: Db, company: { id: number; region?: string | null }): Promise<DefaultsContext> {
  return company.region !== undefined ? { region: company.region } : defaultsContextOf(db, company.id);
}

/** The company's region slug (its lowest region term; a company has one), or null (the engine's default region). */
export async function defaultsContextOf(db: Db, companyId: number): Promise<DefaultsContext> {
  const [row] = await db
    .select({ region: terms.slug })
    .from(companyTerms)
    .innerJoin(terms, eq(terms.id, companyTerms.termId))
    .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
    .where(and(eq(companyTerms.companyId, companyId), eq(taxonomies.slug, 'region')))
    .orderBy(asc(terms.id))
    .limit(1);
  return { region: row?.region ?? null };
}
