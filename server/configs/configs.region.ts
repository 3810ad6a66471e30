/**
 * The company a config's defaults depend on (spec section 9: "Default region-country is the company
 * region upper-cased"): its region, for the engine's `stageDefaults(slug, context)` and a reset's
 * `writeStage({ context })`, so a reset or restored-to-empty stage holds the company's country.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { DefaultsContext } from '../../engine';
import type { Db } from '../db/database';
import { companyTerms, taxonomies, terms } from '../db/schema';

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
