/**
 * GET /companies: ra-data-simple-rest (`sort`, `range`, `filter` as JSON) and the spec's company
 * search (plain `q`/`name`, `status`, `stage`, `page`, `perPage`). Filtering, sorting and paging
 * happen in SQL on indexed columns, always inside the viewer's tenancy (a dealer's list is their
 * own company, whatever they ask for).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, companyTerms, companyUsers } from '../db/schema';
import { httpError } from '../http/errors';
import { serverMessages } from '../messages';
import { COMPANY_STAGES, COMPANY_STATUSES, COMPANY_TAXONOMIES, companyFields, type CompanyTaxonomy } from './companies-fields';
import { taxonomiesOf, termIdsByTaxonomy } from './companies';
import { companyScope, type Viewer } from './tenancy';

/** react-admin's CSV export asks for 1,000 rows at once; more is refused rather than truncated silently. */
export const MAX_PAGE = 1000;
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
export interface CompanyListQuery {
  sort?: string;
  range?: string;
  filter?: string;
  q?: string;
  name?: string;
  status?: (typeof COMPANY_STATUSES)[number];
  stage?: (typeof COMPANY_STAGES)[number];
  page?: number;
  perPage?: number;
}

const badQuery = (field: string) => httpError(400, serverMessages.companies.bad_query, [{ detail: serverMessages.companies.bad_query, field }]);

function parseJson(text: string | undefined, field: string): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badQuery(field);
  }
}

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647;
function ids(value: unknown, field: string): number[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const list = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v));
  if (list.length > MAX_PAGE || !list.every(isId)) throw badQuery(`filter.${field}`);
  return list;
}

const FILTER_KEYS = new Set(['q', 'name', 'status', 'stage', 'lang', 'id', 'user_id', ...COMPANY_TAXONOMIES]);

/**
 * The ra-data-simple-rest `filter` object, checked field by field: `q` (or `name`, the remote select's
 * "name contains"), `status`, `stage`, `lang`, `id` (getMany), `user_id` (a user's companies) and a
 * term id or ids per taxonomy (`region: 7`, `make: [22, 29]`). An unknown key is a 400, not ignored.
 */
export function parseFilter(text: string | undefined): CompanyFilter {
  const raw = parseJson(text, 'filter') ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badQuery('filter');
  const f = raw as Record<string, unknown>;
  const unknown = Object.keys(f).find((k) => !FILTER_KEYS.has(k));
  if (unknown) throw badQuery(`filter.${unknown}`);
  const oneOf = <T extends string>(key: string, allowed: readonly T[]) => {
    if (f[key] === undefined || f[key] === null || f[key] === '') return undefined;
    if (typeof f[key] !== 'string' || !allowed.includes(f[key] as T)) throw badQuery(`filter.${key}`);
    return f[key] as T;
  };
  const search = f.q ?? f.name;
  if (search !== undefined && search !== null && (typeof search !== 'string' || search.length > 100)) throw badQuery(f.q !== undefined ? 'filter.q' : 'filter.name');
  if (f.lang !== undefined && f.lang !== null && f.lang !== '' && (typeof f.lang !== 'string' || !/^[a-z]{2}$/.test(f.lang))) throw badQuery('filter.lang');
  const userId = ids(f.user_id, 'user_id');
  if (userId && userId.length !== 1) throw badQuery('filter.user_id');
  const terms: CompanyFilter['terms'] = {};
  for (const taxonomy of COMPANY_TAXONOMIES) {
    const list = ids(f[taxonomy], taxonomy);
    if (list) terms[taxonomy] = list;
  }
  return {
    q: (search as string | undefined)?.trim() || undefined,
    status: oneOf('status', COMPANY_STATUSES),
    stage: oneOf('stage', COMPANY_STAGES),
    lang: (f.lang as string | undefined) || undefined,
    id: ids(f.id, 'id'),
    user_id: userId?.[0],
    terms,
  };
}

function parseSort(text: string | undefined): SQL[] {
  const raw = parseJson(text, 'sort') ?? ['name', 'ASC'];
  if (!Array.isArray(raw) || raw.length !== 2 || !Object.hasOwn(SORTABLE, String(raw[0])) || !/^(asc|desc)$/i.test(String(raw[1]))) throw badQuery('sort');
  const column = SORTABLE[raw[0] as keyof typeof SORTABLE];
  const dir = /^desc$/i.test(String(raw[1])) ? desc : asc;
  // The id breaks ties, so pages never repeat or skip rows that sort alike.
  return column === companies.id ? [dir(column)] : [dir(column), dir(companies.id)];
}

function parseRange(text: string | undefined): { start: number; end: number } {
  const raw = parseJson(text, 'range') ?? [0, 24];
  if (!Array.isArray(raw) || raw.length !== 2 || !raw.every((n) => Number.isInteger(n) && n >= 0 && n <= 1e9) || raw[1] < raw[0] || raw[1] - raw[0] >= MAX_PAGE) {
    throw badQuery('range');
  }
  return { start: raw[0], end: raw[1] };
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(viewer: Viewer, f: CompanyFilter): SQL | undefined {
  const q = f.q ? `%${escapeLike(f.q)}%` : null;
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

export interface CompanyPage {
  items: Array<ReturnType<typeof companyFields> & { taxonomies: unknown[]; terms: unknown; users_count: number }>;
  total: number;
  start: number;
  end: number;
}

const usersCount = sql<number>`(SELECT count(*) FROM ${companyUsers} WHERE ${companyUsers.companyId} = ${companies.id})`.mapWith(Number);

/** One page of the companies the viewer may see, with the total for Content-Range. */
export async function queryCompanies(app: FastifyInstance, viewer: Viewer, filter: CompanyFilter, order: SQL[], range: { start: number; end: number }): Promise<CompanyPage> {
  const where = conditions(viewer, filter);
  const [rows, [{ total }]] = await Promise.all([
    app.db.select({ row: companies, usersCount }).from(companies).where(where).orderBy(...order).limit(range.end - range.start + 1).offset(range.start),
    app.db.select({ total: count() }).from(companies).where(where),
  ]);
  const links = await taxonomiesOf(app, rows.map((r) => r.row.id));
  const items = rows.map(({ row, usersCount: n }) => {
    const taxonomies = links.get(row.id) ?? [];
    return { ...companyFields(row), taxonomies, terms: termIdsByTaxonomy(taxonomies), users_count: n };
  });
  return { items, total, start: range.start, end: range.start + Math.max(items.length - 1, 0) };
}

/** GET /companies in either form; the plain parameters win over the same keys in `filter`. */
export async function listCompanies(app: FastifyInstance, viewer: Viewer, query: CompanyListQuery): Promise<CompanyPage> {
  const filter = parseFilter(query.filter);
  const search = query.q ?? query.name;
  if (search !== undefined) filter.q = search.trim() || undefined;
  if (query.status) filter.status = query.status;
  if (query.stage) filter.stage = query.stage;
  let range = parseRange(query.range);
  if (query.page !== undefined || query.perPage !== undefined) {
    const perPage = query.perPage ?? 15;
    const start = ((query.page ?? 1) - 1) * perPage;
    range = { start, end: start + perPage - 1 };
  }
  return queryCompanies(app, viewer, filter, parseSort(query.sort), range);
}
