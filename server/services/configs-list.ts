/**
 * Config lists: ra-data-simple-rest (`sort`, `range`, `filter` as JSON in the query) for GET /configs
 * and GET /companies/{id}/configs, and the spec's GET /configs/paginate/{page}/{filter}. Filtering,
 * sorting and paging happen in SQL, always inside the viewer's tenancy.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, configs, DESIGN_TYPES, PROJECT_TYPES } from '../db/schema';
import { httpError } from '../http/errors';
import { serverMessages } from '../messages';
import { configSummary } from './configs-view';
import { keyCondition } from './configs-store';
import { companyScope, type Viewer } from './tenancy';

export const MAX_PAGE = 500;
const SORTABLE = {
  id: configs.id,
  name: configs.name,
  company_name: companies.name,
  design_type: configs.designType,
  project_type: configs.projectType,
  status: configs.status,
  progress: configs.progress,
  version: configs.version,
  created_at: configs.createdAt,
  updated_at: configs.updatedAt,
} as const;

export interface ListFilter {
  q?: string;
  status?: 'active' | 'archived' | 'all';
  company_id?: number[];
  id?: number[];
  design_type?: string;
  project_type?: string;
}
export interface ListQuery {
  sort?: string;
  range?: string;
  filter?: string;
}
export interface ListPage {
  items: ReturnType<typeof configSummary>[];
  total: number;
  start: number;
  end: number;
}

const badQuery = (field: string) => httpError(400, serverMessages.configs.bad_query, [{ detail: serverMessages.configs.bad_query, field }]);

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
  if (value === undefined || value === null) return undefined;
  const list = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v));
  if (list.length > MAX_PAGE || !list.every(isId)) throw badQuery(`filter.${field}`);
  return list;
}

/** The ra-data-simple-rest `filter` object, checked field by field (unknown keys are ignored). */
export function parseFilter(text: string | undefined): ListFilter {
  const raw = parseJson(text, 'filter') ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badQuery('filter');
  const f = raw as Record<string, unknown>;
  const oneOf = (key: string, allowed: readonly string[]) => {
    if (f[key] === undefined || f[key] === null || f[key] === '') return undefined;
    if (typeof f[key] !== 'string' || !allowed.includes(f[key])) throw badQuery(`filter.${key}`);
    return f[key];
  };
  if (f.q !== undefined && (typeof f.q !== 'string' || f.q.length > 100)) throw badQuery('filter.q');
  return {
    q: (f.q as string | undefined)?.trim() || undefined,
    status: oneOf('status', ['active', 'archived', 'all']) as ListFilter['status'],
    company_id: ids(f.company_id, 'company_id'),
    id: ids(f.id, 'id'),
    design_type: oneOf('design_type', DESIGN_TYPES),
    project_type: oneOf('project_type', PROJECT_TYPES),
  };
}

function parseSort(text: string | undefined): SQL[] {
  const raw = parseJson(text, 'sort') ?? ['id', 'ASC'];
  if (!Array.isArray(raw) || raw.length !== 2 || !(String(raw[0]) in SORTABLE) || !/^(asc|desc)$/i.test(String(raw[1]))) throw badQuery('sort');
  const column = SORTABLE[raw[0] as keyof typeof SORTABLE];
  const dir = /^desc$/i.test(String(raw[1])) ? desc : asc;
  // The id breaks ties, so pages never repeat or skip rows that sort alike.
  return column === configs.id ? [dir(column)] : [dir(column), dir(configs.id)];
}

function parseRange(text: string | undefined): { start: number; end: number } {
  const raw = parseJson(text, 'range') ?? [0, 24];
  if (!Array.isArray(raw) || raw.length !== 2 || !raw.every((n) => Number.isInteger(n) && n >= 0 && n <= 1e9) || raw[1] < raw[0]) {
    throw badQuery('range');
  }
  return { start: raw[0], end: Math.min(raw[1], raw[0] + MAX_PAGE - 1) };
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(viewer: Viewer, f: ListFilter): SQL | undefined {
  // The list defaults to active (spec section 4); a fetch by ids (react-admin getMany) does not.
  const status = f.status ?? (f.id ? 'all' : 'active');
  const q = f.q ? `%${escapeLike(f.q)}%` : null;
  return and(
    companyScope(viewer, configs.companyId),
    status === 'all' ? undefined : eq(configs.status, status),
    q ? or(ilike(configs.name, q), ilike(companies.name, q)) : undefined,
    f.company_id ? inArray(configs.companyId, f.company_id) : undefined,
    f.id ? inArray(configs.id, f.id) : undefined,
    f.design_type ? eq(configs.designType, f.design_type as (typeof DESIGN_TYPES)[number]) : undefined,
    f.project_type ? eq(configs.projectType, f.project_type as (typeof PROJECT_TYPES)[number]) : undefined,
  );
}

/** One page of configs the viewer may see, with the total for Content-Range. */
export async function queryConfigs(app: FastifyInstance, viewer: Viewer, filter: ListFilter, order: SQL[], range: { start: number; end: number }): Promise<ListPage> {
  const where = conditions(viewer, filter);
  const rows = await app.db
    .select({ row: configs, company: { id: companies.id, guid: companies.guid, name: companies.name } })
    .from(configs)
    .innerJoin(companies, eq(companies.id, configs.companyId))
    .where(where)
    .orderBy(...order)
    .limit(range.end - range.start + 1)
    .offset(range.start);
  const [{ total }] = await app.db.select({ total: count() }).from(configs).innerJoin(companies, eq(companies.id, configs.companyId)).where(where);
  return { items: rows.map(configSummary), total, start: range.start, end: range.start + Math.max(rows.length - 1, 0) };
}

/** GET /configs (and GET /companies/{id}/configs with `companyKey`): ra-data-simple-rest. */
export async function listConfigs(app: FastifyInstance, viewer: Viewer, query: ListQuery, companyKey?: string): Promise<ListPage> {
  const filter = parseFilter(query.filter);
  if (companyKey !== undefined) {
    const byCompany = keyCondition(companyKey, companies.id, companies.guid);
    const [company] = byCompany
      ? await app.db.select({ id: companies.id }).from(companies).where(and(byCompany, companyScope(viewer, companies.id)))
      : [];
    if (!company) throw httpError(404, serverMessages.not_found);
    filter.company_id = [company.id];
  }
  return queryConfigs(app, viewer, filter, parseSort(query.sort), parseRange(query.range));
}

/** GET /configs/paginate/{page}/{filter}: `results.configs`, `total` (newest first). */
export async function paginateConfigs(app: FastifyInstance, viewer: Viewer, page: number, status: ListFilter['status'], perPage: number, q?: string) {
  const start = (page - 1) * perPage;
  const found = await queryConfigs(app, viewer, { status, q: q?.trim() || undefined }, [desc(configs.updatedAt), desc(configs.id)], { start, end: start + perPage - 1 });
  return {
    results: { configs: found.items, current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(found.total / perPage)) },
    total: found.total,
  };
}
