import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import type { LocalNames } from '../../contract/names';
import { companies, companyMeta, companyTerms, companyUsers, media, taxonomies, terms, users } from '../db/schema';
import { prepared } from '../db/prepared';
import { NotFound } from '../domain-errors';
import { serverMessages } from '../messages';
import { COMPANY_TAXONOMIES, companyFields, LOGO_KEY, type CompanyTaxonomy } from './companies.fields';
import { fileUrl, thumbnailUrl } from '../media/media.service';
import { inCurrentCompany, seesAllCompanies, type Viewer } from '../db/tenancy';
import { GUID_PATTERN, parseKey, whereKey } from '../http/ids';

/** The condition that finds a company by numeric id or guid; null for a key that is neither (not found). */
export const companyKey = (idOrGuid: number | string) => whereKey(idOrGuid, companies.id, companies.guid);


/** `companies.id`, qualified: drizzle leaves columns bare in a one-table select, and a bare "id" in a subquery means the subquery's own. */
const COMPANY_ID = sql`${sql.identifier('companies')}.${sql.identifier('id')}`;
/** What the per-company subqueries below correlate on: an id, `companies.id` or a subquery's id column (the list's page). */
type CompanyId = number | SQL | AnyPgColumn;

/**
 * The guid of a company's logo while it is an image in the media library (a deleted file, or a value
 * from before logos were checked, is no logo): one index lookup in company_meta and one in media.
 * Table and column names are spelt out (aliased) so nothing in the subquery is ambiguous.
 */
export const logoOf = (companyId: CompanyId = COMPANY_ID) =>
  sql<string | null>`(SELECT lm.guid::text FROM ${companyMeta} cm INNER JOIN ${media} lm ON lm.guid = CASE WHEN cm.meta_value ~* ${GUID_PATTERN} THEN cm.meta_value::uuid END WHERE cm.company_id = ${companyId} AND cm.meta_key = ${LOGO_KEY} AND lm.thumbnail IS NOT NULL)`;

/** The API's `logo` of a company: the file and thumbnail addresses of its guid, or null. */
export const logoFields = (guid: string | null) => (guid ? { guid, url: fileUrl(guid), thumbnail_url: thumbnailUrl(guid) } : null);

export type TaxonomyLink = { id: number; taxonomy: string; term: { id: number; name: string; names: LocalNames; slug: string } };

/**
 * A company's taxonomy links as one JSON value, in the API's `taxonomies[]` shape and in link order:
 * a subquery of the company's own query, so loading them is no second round trip.
 */
export const taxonomiesJson = (companyId: CompanyId = COMPANY_ID) =>
  sql<TaxonomyLink[]>`(SELECT coalesce(json_agg(json_build_object('id', ct.id, 'taxonomy', tx.slug, 'term', json_build_object('id', tm.id, 'name', tm.name, 'names', tm.names, 'slug', tm.slug)) ORDER BY ct.id), '[]'::json) FROM ${companyTerms} ct INNER JOIN ${terms} tm ON tm.id = ct.term_id INNER JOIN ${taxonomies} tx ON tx.id = tm.taxonomy_id WHERE ct.company_id = ${companyId})`;

/** How many users a company has (the list's `users_count`). */
export const usersCountOf = (companyId: CompanyId = COMPANY_ID) => sql<number>`(SELECT count(*)::int FROM ${companyUsers} cu WHERE cu.company_id = ${companyId})`;

/** A company's users ({id, guid, name, email, primary}, by id) as one JSON value. */
const usersJson = (companyId: CompanyId = COMPANY_ID) =>
  sql<Array<{ id: number; guid: string; name: string; email: string; primary: boolean }>>`(SELECT coalesce(json_agg(json_build_object('id', u.id, 'guid', u.guid, 'name', u.name, 'email', u.email, 'primary', u."primary") ORDER BY u.id), '[]'::json) FROM ${companyUsers} cu INNER JOIN ${users} u ON u.id = cu.user_id WHERE cu.company_id = ${companyId})`;

/** A company's meta pairs ({meta_key, meta_value}, in the order written) as one JSON value. */
const metaJson = (companyId: CompanyId = COMPANY_ID) =>
  sql<Array<{ meta_key: string; meta_value: string | null }>>`(SELECT coalesce(json_agg(json_build_object('meta_key', m.meta_key, 'meta_value', m.meta_value) ORDER BY m.id), '[]'::json) FROM ${companyMeta} m WHERE m.company_id = ${companyId})`;

/** The term ids of a company by taxonomy (`terms.region: [7]`): what the edit form binds its inputs to. */
export function termIdsByTaxonomy(links: TaxonomyLink[]): Record<CompanyTaxonomy, number[]> {
  const out = Object.fromEntries(COMPANY_TAXONOMIES.map((t) => [t, [] as number[]])) as Record<CompanyTaxonomy, number[]>;
  for (const link of links) if (link.taxonomy in out) out[link.taxonomy as CompanyTaxonomy].push(link.term.id);
  return out;
}

/** The select fields of a company in the API's shape (`companyFromRow` shapes the row). */
export const companySelection = () => ({ c: companies, logo: logoOf(), taxonomies: taxonomiesJson(), users: usersJson(), meta: metaJson() });

type CompanyRow = { c: typeof companies.$inferSelect; logo: string | null; taxonomies: TaxonomyLink[]; users: Array<{ id: number; guid: string; name: string; email: string; primary: boolean }>; meta: Array<{ meta_key: string; meta_value: string | null }> };

/** A row of `companySelection` as the API's company. */
export function companyFromRow(found: CompanyRow) {
  const { c, taxonomies: links } = found;
  return { ...companyFields(c), meta: found.meta, logo: logoFields(found.logo), taxonomies: links, terms: termIdsByTaxonomy(links), users: found.users };
}

/**
 * A company with meta, taxonomies.term and users, in the API's shape; null when there is none (or,
 * with `viewer`, none the viewer may see). One query on either database (issue 10): the lists are
 * JSON subqueries of the company's own row; one prepared statement per kind of key and scope
 * (server/db/prepared.ts), as companies are read on most requests.
 */
export async function loadCompany(db: Db, idOrGuid: number | string, viewer?: Viewer) {
  const key = parseKey(idOrGuid);
  if (!key) return null;
  const by = key.guid !== undefined ? 'guid' : 'id';
  const scoped = viewer !== undefined && !seesAllCompanies(viewer);
  const statement = prepared(db, `company_by_${by}${scoped ? '_member' : ''}`, (name) =>
    db
      .select(companySelection())
      .from(companies)
      .where(
        and(
          by === 'guid' ? eq(companies.guid, sql.placeholder('key')) : eq(companies.id, sql.placeholder('key')),
          scoped ? inCurrentCompany(sql.placeholder('viewer'), companies.id) : undefined,
        ),
      )
      .prepare(name),
  );
  const [found] = await statement.execute({ key: key.guid ?? key.id, viewer: viewer?.id });
  return found ? companyFromRow(found) : null;
}

/**
 * GET /companies/{id|guid}: members see their own company; others need 'view companies'. A company
 * the user may not see is a 404, the same as one that does not exist (tenancy in the query).
 */
export async function getCompany(db: Db, viewer: Viewer, idOrGuid: string) {
  // The viewer's permissions came with the user in authenticate's one query: no second round trip.
  const company = await loadCompany(db, idOrGuid, viewer);
  if (!company) throw new NotFound(serverMessages.not_found);
  return company;
}
