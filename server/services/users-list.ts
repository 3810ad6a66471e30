/**
 * GET /users (ra-data-simple-rest): the users a viewer with 'list users' may see, for the users list
 * and the company profile's "assign a user" search. Staff who see every company see every user;
 * others see the users of their own companies (tenancy in the query, as for companies).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyUsers, users } from '../db/schema';
import { httpError } from '../http/errors';
import { serverMessages } from '../messages';
import { seesAllCompanies, type Viewer } from './tenancy';

const MAX_PAGE = 1000;
const SORTABLE = { id: users.id, name: users.name, email: users.email, status: users.status, created_at: users.createdAt } as const;
const FILTER_KEYS = new Set(['q', 'id', 'company_id', 'status']);

export interface UserListQuery {
  sort?: string;
  range?: string;
  filter?: string;
}

const bad = (field: string) => httpError(400, serverMessages.companies.bad_query, [{ detail: serverMessages.companies.bad_query, field }]);
function json(text: string | undefined, field: string, fallback: unknown): unknown {
  if (!text) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    throw bad(field);
  }
}
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647;
function ids(value: unknown, field: string): number[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const list = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v));
  if (list.length > MAX_PAGE || !list.every(isId)) throw bad(`filter.${field}`);
  return list;
}

/** Users sharing a company with the viewer, unless the viewer sees every company. */
function userScope(viewer: Viewer): SQL | undefined {
  if (seesAllCompanies(viewer)) return undefined;
  return sql`${users.id} IN (SELECT cu.user_id FROM ${companyUsers} cu WHERE cu.company_id IN (SELECT ${companyUsers.companyId} FROM ${companyUsers} WHERE ${eq(companyUsers.userId, viewer.id)}))`;
}

/** One page of users with the total for Content-Range. */
export async function listUsers(app: FastifyInstance, viewer: Viewer, query: UserListQuery) {
  const f = json(query.filter, 'filter', {}) as Record<string, unknown>;
  if (typeof f !== 'object' || f === null || Array.isArray(f)) throw bad('filter');
  const unknown = Object.keys(f).find((k) => !FILTER_KEYS.has(k));
  if (unknown) throw bad(`filter.${unknown}`);
  if (f.q !== undefined && (typeof f.q !== 'string' || f.q.length > 100)) throw bad('filter.q');
  if (f.status !== undefined && f.status !== 'active' && f.status !== 'disabled') throw bad('filter.status');
  const sort = json(query.sort, 'sort', ['name', 'ASC']);
  if (!Array.isArray(sort) || sort.length !== 2 || !Object.hasOwn(SORTABLE, String(sort[0])) || !/^(asc|desc)$/i.test(String(sort[1]))) throw bad('sort');
  const range = json(query.range, 'range', [0, 24]);
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0 && n <= 1e9) || range[1] < range[0] || range[1] - range[0] >= MAX_PAGE) throw bad('range');

  const q = typeof f.q === 'string' && f.q.trim() ? `%${f.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const idList = ids(f.id, 'id');
  const companyIds = ids(f.company_id, 'company_id');
  const where = and(
    userScope(viewer),
    q ? or(ilike(users.name, q), ilike(users.email, q)) : undefined,
    idList ? inArray(users.id, idList) : undefined,
    companyIds ? sql`${users.id} IN (SELECT ${companyUsers.userId} FROM ${companyUsers} WHERE ${inArray(companyUsers.companyId, companyIds)})` : undefined,
    f.status ? eq(users.status, f.status as string) : undefined,
  );
  const column = SORTABLE[sort[0] as keyof typeof SORTABLE];
  const dir = /^desc$/i.test(String(sort[1])) ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    app.db
      .select({ id: users.id, guid: users.guid, name: users.name, email: users.email, position: users.position, telephone: users.telephone, status: users.status, primary: users.primary, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(dir(column), dir(users.id))
      .limit(range[1] - range[0] + 1)
      .offset(range[0]),
    app.db.select({ total: count() }).from(users).where(where),
  ]);
  const items = rows.map(({ createdAt, ...u }) => ({ ...u, created_at: createdAt.toISOString() }));
  return { items, total, start: range[0] as number, end: (range[0] as number) + Math.max(items.length - 1, 0) };
}
