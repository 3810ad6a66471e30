/**
 * GET /companies: ra-data-simple-rest (`sort`, `range`, `filter` as JSON) and the spec's company
 * search (plain `q`/`name`, `status`, `stage`, `page`, `perPage`). Filtering, sorting and paging
 * happen in SQL on indexed columns, always inside the viewer's tenancy (a dealer's list is their
 * own company, whatever they ask for).
 */
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, companyTerms, companyUsers } from '../db/schema';
import { likePattern, pageOf, simpleRest, type Page, type Range, type SimpleRestQuery } from '../http/simple-rest';
import { serverMessages } from '../messages';
import { COMPANY_STAGES, COMPANY_STATUSES, COMPANY_TAXONOMIES, companyFields, type CompanyTaxonomy } from './companies-fields';
import { logoFields, logoOf, taxonomiesOf, termIdsByTaxonomy } from './companies';
import { companyScope, type Viewer } from './tenancy';

const SORTABLE = {
  id: companies.id,
  name: companies.name,
  lang: companies.lang,
  stage: companies.stage,
  status: companies.status,
  contact_name: companies.contactName,
  created_at: companies.createdAt,
  updated_at: companies.updatedAt,
} as const;

export interface CompanyFilter {
  q?: string;
  status?: (typeof COMPANY_STATUSES)[number];
  stage?: (typeof COMPANY_STAGES)[number];
  lang?: string;
  id?: number[];
  user_id?: number;
  terms: Partial<Record<CompanyTaxonomy, number[]>>;
}
export interface CompanyListQuery extends SimpleRestQuery {
  q?: string;
  name?: string;
  status?: (typeof COMPANY_STATUSES)[number];
  stage?: (typeof COMPANY_STAGES)[number];
  page?: number;
  perPage?: number;
}

const rest = simpleRest(serverMessages.companies.bad_query);

const FILTER_KEYS = ['q', 'name', 'status', 'stage', 'lang', 'id', 'user_id', ...COMPANY_TAXONOMIES];

/**
 * The ra-data-simple-rest `filter` object, checked field by field: `q` (or `name`, the remote select's
 * "name contains"), `status`, `stage`, `lang`, `id` (getMany), `user_id` (a user's companies) and a
 * term id or ids per taxonomy (`region: 7`, `make: [22, 29]`). An unknown key is a 400, not ignored.
 */
export function parseFilter(text: string | undefined): CompanyFilter {
  const f = rest.filter(text, FILTER_KEYS);
  const search = f.q !== undefined ? rest.search(f.q, 'filter.q') : rest.search(f.name, 'filter.name');
  if (f.lang !== undefined && f.lang !== null && f.lang !== '' && (typeof f.lang !== 'string' || !/^[a-z]{2}$/.test(f.lang))) throw rest.bad('filter.lang');
  const userId = rest.ids(f.user_id, 'user_id');
  if (userId && userId.length !== 1) throw rest.bad('filter.user_id');
  const terms: CompanyFilter['terms'] = {};
  for (const taxonomy of COMPANY_TAXONOMIES) {
    const list = rest.ids(f[taxonomy], taxonomy);
    if (list) terms[taxonomy] = list;
  }
  return {
    q: search,
    status: rest.oneOf(f, 'status', COMPANY_STATUSES),
    stage: rest.oneOf(f, 'stage', COMPANY_STAGES),
    lang: (f.lang as string | undefined) || undefined,
    id: rest.ids(f.id, 'id'),
    user_id: userId?.[0],
    terms,
  };
}

function conditions(viewer: Viewer, f: CompanyFilter): SQL | undefined {
  const q = f.q ? likePattern(f.q) : null;
  return and(
    companyScope(viewer, companies.id),
    q ? or(ilike(companies.name, q), ilike(companies.contactName, q), ilike(companies.addressLine3, q)) : undefined,
    f.status ? eq(companies.status, f.status) : undefined,
    f.stage ? eq(companies.stage, f.stage) : undefined,
    f.lang ? eq(companies.lang, f.lang) : undefined,
    f.id ? inArray(companies.id, f.id) : undefined,
    f.user_id ? sql`${companies.id} IN (SELECT ${companyUsers.companyId} FROM ${companyUsers} WHERE ${eq(companyUsers.userId, f.user_id)})` : undefined,
    // One condition per taxonomy: any of its terms (region UK or FR), all taxonomies together (and BMW).
    ...Object.values(f.terms).map(
      (termIds) => sql`${companies.id} IN (SELECT ${companyTerms.companyId} FROM ${companyTerms} WHERE ${inArray(companyTerms.termId, termIds)})`,
    ),
  );
}

export type CompanyPage = Page<ReturnType<typeof companyFields> & { taxonomies: unknown[]; terms: unknown; users_count: number; logo: ReturnType<typeof logoFields> }>;

const usersCount = sql<number>`(SELECT count(*) FROM ${companyUsers} WHERE ${companyUsers.companyId} = ${companies.id})`.mapWith(Number);

/** One page of the companies the viewer may see, with the total for Content-Range. */
export async function queryCompanies(app: FastifyInstance, viewer: Viewer, filter: CompanyFilter, order: SQL[], range: Range): Promise<CompanyPage> {
  const where = conditions(viewer, filter);
  const [rows, [{ total }]] = await Promise.all([
    app.db.select({ row: companies, usersCount, logo: logoOf() }).from(companies).where(where).orderBy(...order).limit(range.end - range.start + 1).offset(range.start),
    app.db.select({ total: count() }).from(companies).where(where),
  ]);
  const links = await taxonomiesOf(app, rows.map((r) => r.row.id));
  const items = rows.map(({ row, usersCount: n, logo }) => {
    const taxonomies = links.get(row.id) ?? [];
    return { ...companyFields(row), taxonomies, terms: termIdsByTaxonomy(taxonomies), users_count: n, logo: logoFields(logo) };
  });
  return pageOf(items, total, range);
}

/** GET /companies in either form; the plain parameters win over the same keys in `filter`. */
export async function listCompanies(app: FastifyInstance, viewer: Viewer, query: CompanyListQuery): Promise<CompanyPage> {
  const filter = parseFilter(query.filter);
  const search = query.q ?? query.name;
  if (search !== undefined) filter.q = search.trim() || undefined;
  if (query.status) filter.status = query.status;
  if (query.stage) filter.stage = query.stage;
  let range = rest.range(query.range);
  if (query.page !== undefined || query.perPage !== undefined) {
    const perPage = query.perPage ?? 15;
    const start = ((query.page ?? 1) - 1) * perPage;
    range = { start, end: start + perPage - 1 };
  }
  return queryCompanies(app, viewer, filter, rest.sort(query.sort, SORTABLE, ['name', 'ASC'], companies.id), range);
}
