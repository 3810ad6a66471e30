import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { taxonomies, terms } from '../db/schema';

/** GET /terms?taxonomy=region: terms with their taxonomy, optionally of one taxonomy (by slug). */
export async function listTerms(app: FastifyInstance, taxonomy?: string) {
  const rows = await app.db
    .select({ id: terms.id, name: terms.name, slug: terms.slug, tId: taxonomies.id, tName: taxonomies.name, tSlug: taxonomies.slug })
    .from(terms)
    .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
    .where(taxonomy ? eq(taxonomies.slug, taxonomy) : undefined)
    .orderBy(asc(terms.id));
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, taxonomy: { id: r.tId, name: r.tName, slug: r.tSlug } }));
}
