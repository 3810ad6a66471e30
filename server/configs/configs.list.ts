/**
 * Config lists: ra-data-simple-rest (`sort`, `range`, `filter` as JSON in the query) for GET /configs
 * and GET /companies/{id}/configs, and the spec's GET /configs/paginate/{page}/{filter}. Filtering,
 * sorting and paging happen in SQL, always inside the viewer's tenancy.
 */
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { companies, configs } from '../db/schema';
import { DESIGN_TYPES, PROJECT_TYPES } from '../../contract/projects';
import { NotFound } from '../domain-errors';
import { likePattern, pageOf, simpleRest, type Page, type Range, type SimpleRestQuery } from '../http/simple-rest';
import { serverMessages } from '../messages';
import { configSummary } from './configs.view';
import { keyCondition } from './configs.store';
import { companyScope, type Viewer } from '../db/tenancy';

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
export type ListQuery = SimpleRestQuery;
export type ListPage = Page<ReturnType<typeof configSummary>>;

const rest = simpleRest(serverMessages.configs.bad_query);

/** The ra-data-simple-rest `filter` object, checked field by field (unknown keys are ignored). */
export function parseFilter(text: string | undefined): ListFilter {
  const f = rest.filter(text);
  return {
    q: rest.search(f.q, 'filter.q'),
    status: rest.oneOf(f, 'status', ['active', 'archived', 'all'] as const),
    company_id: rest.ids(f.company_id, 'company_id'),
    id: rest.ids(f.id, 'id'),
    design_type: rest.oneOf(f, 'design_type', DESIGN_TYPES),
    project_type: rest.oneOf(f, 'project_type', PROJECT_TYPES),
  };
}

function conditions(viewer: Viewer, f: ListFilter): SQL | undefined {
  // The list defaults to active (spec section 4); a fetch by ids (react-admin getMany) does not.
  const status = f.status ?? (f.id ? 'all' : 'active');
  const q = f.q ? likePattern(f.q) : null;
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
export async function queryConfigs(db: Db, viewer: Viewer, filter: ListFilter, order: SQL[], range: Range): Promise<ListPage> {
  const where = conditions(viewer, filter);
  const rows = await db
    .select({ row: configs, company: { id: companies.id, guid: companies.guid, name: companies.name } })
    .from(configs)
    .innerJoin(companies, eq(companies.id, configs.companyId))
    .where(where)
    .orderBy(...order)
    .limit(range.end - range.start + 1)
    .offset(range.start);
  const [{ total }] = await db.select({ total: count() }).from(configs).innerJoin(companies, eq(companies.id, configs.companyId)).where(where);
  return pageOf(rows.map(configSummary), total, range);
}

/** GET /configs (and GET /companies/{id}/configs with `companyKey`): ra-data-simple-rest. */
export async function listConfigs(db: Db, viewer: Viewer, query: ListQuery, companyKey?: string): Promise<ListPage> {
  const filter = parseFilter(query.filter);
  if (companyKey !== undefined) {
    const byCompany = keyCondition(companyKey, companies.id, companies.guid);
    const [company] = byCompany
      ? await db.select({ id: companies.id }).from(companies).where(and(byCompany, companyScope(viewer, companies.id)))
      : [];
    if (!company) throw new NotFound(serverMessages.not_found);
    filter.company_id = [company.id];
  }
  return queryConfigs(db, viewer, filter, rest.sort(query.sort, SORTABLE, ['id', 'ASC'], configs.id), rest.range(query.range));
}

/** GET /configs/paginate/{page}/{filter}: `results.configs`, `total` (newest first). */
export async function paginateConfigs(db: Db, viewer: Viewer, page: number, status: ListFilter['status'], perPage: number, q?: string) {
  const start = (page - 1) * perPage;
  const found = await queryConfigs(db, viewer, { status, q: q?.trim() || undefined }, [desc(configs.updatedAt), desc(configs.id)], { start, end: start + perPage - 1 });
  return {
    results: { configs: found.items, current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(found.total / perPage)) },
    total: found.total,
  };
}
