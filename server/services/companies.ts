import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, companyMeta, companyTerms, companyUsers, media, taxonomies, terms, users } from '../db/schema';
import { httpError } from '../http/errors';
import { serverMessages } from '../messages';
import type { UserRow } from '../plugins/auth';
import { COMPANY_TAXONOMIES, companyFields, LOGO_KEY, type CompanyTaxonomy } from './companies-fields';
import { fileUrl, thumbnailUrl } from './media';
import { companyScope } from './tenancy';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The condition that finds a company by numeric id or guid; null for a key that is neither (not found). */
export function companyKey(idOrGuid: number | string) {
  const key = String(idOrGuid);
  return GUID.test(key) ? eq(companies.guid, key) : /^\d{1,9}$/.test(key) ? eq(companies.id, Number(key)) : null;
}

const GUID_TEXT = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** `companies.id`, qualified: drizzle leaves columns bare in a one-table select, and a bare "id" in a subquery means the subquery's own. */
const COMPANY_ID = sql`${sql.identifier('companies')}.${sql.identifier('id')}`;

/**
 * The guid of a company's logo while it is an image in the media library (a deleted file, or a value
 * from before logos were checked, is no logo): one index lookup in company_meta and one in media.
 * Table and column names are spelt out (aliased) so nothing in the subquery is ambiguous.
 */
export const logoOf = (companyId: number | typeof COMPANY_ID = COMPANY_ID) =>
  sql<string | null>`(SELECT lm.guid::text FROM ${companyMeta} cm INNER JOIN ${media} lm ON lm.guid = CASE WHEN cm.meta_value ~* ${GUID_TEXT} THEN cm.meta_value::uuid END WHERE cm.company_id = ${companyId} AND cm.meta_key = ${LOGO_KEY} AND lm.thumbnail IS NOT NULL)`;

/** The API's `logo` of a company: the file and thumbnail addresses of its guid, or null. */
export const logoFields = (guid: string | null) => (guid ? { guid, url: fileUrl(guid), thumbnail_url: thumbnailUrl(guid) } : null);

export type TaxonomyLink = { id: number; taxonomy: string; term: { id: number; name: string; slug: string } };

/** The taxonomy links of some companies, by company id, in the API's `taxonomies[]` shape. */
export async function taxonomiesOf(app: FastifyInstance, companyIds: number[]): Promise<Map<number, TaxonomyLink[]>> {
  const out = new Map<number, TaxonomyLink[]>(companyIds.map((id) => [id, []]));
  if (!companyIds.length) return out;
  const rows = await app.db
    .select({ companyId: companyTerms.companyId, id: companyTerms.id, taxonomy: taxonomies.slug, termId: terms.id, name: terms.name, slug: terms.slug })
    .from(companyTerms)
    .innerJoin(terms, eq(terms.id, companyTerms.termId))
    .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
    .where(inArray(companyTerms.companyId, companyIds))
    .orderBy(asc(companyTerms.id));
  for (const t of rows) out.get(t.companyId)?.push({ id: t.id, taxonomy: t.taxonomy, term: { id: t.termId, name: t.name, slug: t.slug } });
  return out;
}

/** The term ids of a company by taxonomy (`terms.region: [7]`): what the edit form binds its inputs to. */
export function termIdsByTaxonomy(links: TaxonomyLink[]): Record<CompanyTaxonomy, number[]> {
  const out = Object.fromEntries(COMPANY_TAXONOMIES.map((t) => [t, [] as number[]])) as Record<CompanyTaxonomy, number[]>;
  for (const link of links) if (link.taxonomy in out) out[link.taxonomy as CompanyTaxonomy].push(link.term.id);
  return out;
}

/** A company with meta, taxonomies.term and users, in the API's shape; null when there is none. */
export async function loadCompany(app: FastifyInstance, idOrGuid: number | string) {
  const db = app.db;
  const where = companyKey(idOrGuid);
  if (!where) return null;
  const [found] = await db.select({ c: companies, logo: logoOf() }).from(companies).where(where);
  if (!found) return null;
  const { c } = found;
  const links = (await taxonomiesOf(app, [c.id])).get(c.id) ?? [];
  const members = await db
    .select({ id: users.id, guid: users.guid, name: users.name, email: users.email, primary: users.primary })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(eq(companyUsers.companyId, c.id))
    .orderBy(asc(users.id));
  const meta = await db
    .select({ meta_key: companyMeta.metaKey, meta_value: companyMeta.metaValue })
    .from(companyMeta)
    .where(eq(companyMeta.companyId, c.id))
    .orderBy(asc(companyMeta.id));
  return { ...companyFields(c), meta, logo: logoFields(found.logo), taxonomies: links, terms: termIdsByTaxonomy(links), users: members };
}

/**
 * GET /companies/{id|guid}: members see their own company; others need 'view companies'. A company
 * the user may not see is a 404, the same as one that does not exist (tenancy in the query).
 */
export async function getCompany(app: FastifyInstance, user: UserRow, permissions: ReadonlySet<string>, idOrGuid: string) {
  const where = companyKey(idOrGuid);
  // The permissions came with the user in authenticate's one query: no second round trip.
  const [visible] = where
    ? await app.db.select({ id: companies.id }).from(companies).where(and(where, companyScope({ id: user.id, permissions }, companies.id)))
    : [];
  const company = visible ? await loadCompany(app, visible.id) : null;
  if (!company) throw httpError(404, serverMessages.not_found);
  return company;
}
