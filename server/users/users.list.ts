/**
 * GET /users (ra-data-simple-rest): the users a viewer with 'list users' may see, for the users list
 * and the company profile's "assign a user" search. Staff who see every company see every user;
 * others see the users of their own companies (tenancy in the query, as for companies).
 */
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { companyUsers, users } from '../db/schema';
import { likePattern, pageOf, simpleRest, type SimpleRestQuery } from '../http/simple-rest';
import { serverMessages } from '../messages';
import { inCurrentCompany, seesAllCompanies, type Viewer } from '../db/tenancy';
import { USER_STATUSES } from '../../contract/users';
import { partnerOfUser } from './users.partner';

const SORTABLE = { id: users.id, name: users.name, email: users.email, status: users.status, created_at: users.createdAt } as const;
const FILTER_KEYS = ['q', 'id', 'company_id', 'status'];
const rest = simpleRest(serverMessages.companies.bad_query);

export type UserListQuery = SimpleRestQuery;

/** Users of the viewer's current company (tenancy), unless the viewer sees every company. */
function userScope(viewer: Viewer): SQL | undefined {
  if (seesAllCompanies(viewer)) return undefined;
  return sql`${users.id} IN (SELECT ${companyUsers.userId} FROM ${companyUsers} WHERE ${inCurrentCompany(viewer.id, companyUsers.companyId)})`;
}

/** One page of users with the total for Content-Range. */
export async function listUsers(db: Db, viewer: Viewer, query: UserListQuery) {
  const f = rest.filter(query.filter, FILTER_KEYS);
  const q = rest.search(f.q, 'filter.q');
  const status = rest.oneOf(f, 'status', USER_STATUSES);
  const order = rest.sort(query.sort, SORTABLE, ['name', 'ASC'], users.id);
  const range = rest.range(query.range);
  const idList = rest.ids(f.id, 'id');
  const companyIds = rest.ids(f.company_id, 'company_id');
  const where = and(
    userScope(viewer),
    q ? or(ilike(users.name, likePattern(q)), ilike(users.email, likePattern(q))) : undefined,
    idList ? inArray(users.id, idList) : undefined,
    companyIds ? sql`${users.id} IN (SELECT ${companyUsers.userId} FROM ${companyUsers} WHERE ${inArray(companyUsers.companyId, companyIds)})` : undefined,
    status ? eq(users.status, status) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: users.id, guid: users.guid, name: users.name, email: users.email, position: users.position, telephone: users.telephone, partner: partnerOfUser(), status: users.status, primary: users.primary, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(range.end - range.start + 1)
      .offset(range.start),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const items = rows.map(({ createdAt, ...u }) => ({ ...u, created_at: createdAt.toISOString() }));
  return pageOf(items, total, range);
}
