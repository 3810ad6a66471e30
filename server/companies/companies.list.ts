/**
 * GET /companies: ra-data-simple-rest (`sort`, `range`, `filter` as JSON) and the spec's company
 * search (plain `q`/`name`, `status`, `stage`, `page`, `perPage`). Filtering, sorting and paging
 * happen in SQL on indexed columns, always inside the viewer's tenancy (a dealer's list is their
 * own company, whatever they ask for).
 */
import { and, count, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { companies, companyTerms, companyUsers } from '../db/schema';
import { likePattern, pageOf, simpleRest, type Page, type Range, type SimpleRestQuery } from '../http/simple-rest';
import { serverMessages } from '../messages';
import { COMPANY_STAGES, COMPANY_STATUSES, COMPANY_TAXONOMIES, companyFields, type CompanyStage, type CompanyStatus, type CompanyTaxonomy } from './companies.fields';
import { logoFields, logoOf, taxonomiesJson, termIdsByTaxonomy, usersCountOf, type TaxonomyLink } from './companies.service';
import { companyScope, type Viewer } from '../db/tenancy';

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
const DEFAULT_SORT: [string, 'ASC'] = ['name', 'ASC'];
/** Every column of a company row, by its name in the schema (the page subquery's fields). */
const COLUMNS = getTableColumns(companies);
const COLUMN_KEY = new Map(Object.entries(COLUMNS).map(([key, column]) => [column as unknown, key as keyof typeof COLUMNS]));

export interface CompanyFilter {
  q?: string;
  status?: CompanyStatus;
  stage?: CompanyStage;
  lang?: string;
  id?: number[];
  user_id?: number;
  terms: Partial<Record<CompanyTaxonomy, number[]>>;
}
export interface CompanyListQuery extends SimpleRestQuery {
  q?: string;
  name?: string;
  status?: CompanyStatus;
  stage?: CompanyStage;
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

export type CompanyPage = Page<ReturnType<typeof companyFields> & { taxonomies: TaxonomyLink[]; terms: unknown; users_count: number; logo: ReturnType<typeof logoFields> }>;

/**
 * One page of the companies the viewer may see, with the total for Content-Range, in one statement
 * (issue 9): on PostgreSQL every round trip is a hop between processes, which on a busy machine
 * costs more than the query itself. The page is a subquery with its own ORDER BY, LIMIT and OFFSET,
 * so the per-row subqueries (users, logo, taxonomies as JSON) run for the page's rows only, not
 * for every row skipped by the offset; the count is a subquery beside it (LEFT JOIN: a page past
 * the end is one row with the total and no company).
 */
export async function queryCompanies(db: Db, viewer: Viewer, filter: CompanyFilter, sort: string | undefined, range: Range): Promise<CompanyPage> {
  const where = conditions(viewer, filter);
  const matching = db.select({ total: count().as('total') }).from(companies).where(where).as('matching');
  const page = db
    .select()
    .from(companies)
    .where(where)
    .orderBy(...rest.sort(sort, SORTABLE, DEFAULT_SORT, companies.id))
    .limit(range.end - range.start + 1)
    .offset(range.start)
    .as('page');
  const row = Object.fromEntries(Object.keys(COLUMNS).map((key) => [key, page[key as keyof typeof COLUMNS]])) as unknown as typeof COLUMNS;
  // The page's own order again outside: a join promises no order of its own.
  const pageSortable = Object.fromEntries(Object.entries(SORTABLE).map(([name, column]) => [name, row[COLUMN_KEY.get(column)!]]));
  const pageOrder = rest.sort(sort, pageSortable, DEFAULT_SORT, page.id);
  const rows = await db
    .select({ total: matching.total, row, usersCount: usersCountOf(page.id), logo: logoOf(page.id), taxonomies: taxonomiesJson(page.id) })
    .from(matching)
    .leftJoin(page, sql`true`)
    .orderBy(...pageOrder);
  const items = rows
    .filter((r) => r.row?.id != null)
    .map(({ row: c, usersCount: n, logo, taxonomies }) => ({ ...companyFields(c!), taxonomies, terms: termIdsByTaxonomy(taxonomies), users_count: n, logo: logoFields(logo) }));
  return pageOf(items, rows[0]?.total ?? 0, range);
}

/** GET /companies in either form; the plain parameters win over the same keys in `filter`. */
export async function listCompanies(db: Db, viewer: Viewer, query: CompanyListQuery): Promise<CompanyPage> {
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
  return queryCompanies(db, viewer, filter, query.sort, range);
}
