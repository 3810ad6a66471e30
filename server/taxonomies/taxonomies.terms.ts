import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { taxonomies, terms } from '../db/schema';
import { simpleRest } from '../http/simple-rest';
import { serverMessages } from '../messages';

const rest = simpleRest(serverMessages.companies.bad_query);
/** A taxonomy slug as the route's plain `taxonomy` parameter admits it. */
const TAXONOMY_SLUG = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The query of GET /terms (spec section 7: "includes taxonomy, filter on taxonomy (eq)"): the
 * plain `taxonomy=region`, and the spec's `include` and `filter` as the app serialises them
 * (no brackets: `include=taxonomy`, `filter={"taxonomy":"region"}` or `{"taxonomy":{"eq":"region"}}`).
 * `include` is checked by the route schema (taxonomy is its one relation).
 */
export interface TermsQuery {
  taxonomy?: string;
  include?: string[];
  filter?: string;
}

/**
 * The taxonomy slugs a GET /terms query asks for, each a condition (none: every taxonomy; the plain
 * parameter and the filter together must both hold, so two different slugs match no term). A filter
 * key, operator or value it does not know is a 400 naming it: a typo must not widen the list to every term.
 * @example termsTaxonomies({ taxonomy: 'make', filter: '{"taxonomy":{"eq":"make"}}' }) // ['make']
 */
export function termsTaxonomies(query: TermsQuery): string[] {
  const f = rest.filter(query.filter, ['taxonomy']);
  let wanted = f.taxonomy;
  if (wanted !== null && typeof wanted === 'object' && !Array.isArray(wanted)) {
    const ops = Object.keys(wanted);
    // `eq` is the one operator the spec names; anything else is refused, not read as eq.
    if (ops.length !== 1 || ops[0] !== 'eq') throw rest.bad('filter.taxonomy');
    wanted = (wanted as { eq: unknown }).eq;
  }
  if (wanted !== undefined && (typeof wanted !== 'string' || !TAXONOMY_SLUG.test(wanted))) throw rest.bad('filter.taxonomy');
  // An empty plain `taxonomy=` asks for nothing in particular, as it always has.
  return [...new Set([query.taxonomy || undefined, wanted].filter((t): t is string => t !== undefined))];
}

/** GET /terms: terms with their taxonomy, of the taxonomies named (by slug; each a condition), else of all. */
export async function listTerms(app: FastifyInstance, slugs: string[]) {
  const rows = await app.db
    .select({ id: terms.id, name: terms.name, names: terms.names, slug: terms.slug, tId: taxonomies.id, tName: taxonomies.name, tSlug: taxonomies.slug })
    .from(terms)
    .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
    .where(and(...slugs.map((slug) => eq(taxonomies.slug, slug))))
    .orderBy(asc(terms.id));
  return rows.map((r) => ({ id: r.id, name: r.name, names: r.names, slug: r.slug, taxonomy: { id: r.tId, name: r.tName, slug: r.tSlug } }));
}
