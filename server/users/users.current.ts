import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { UserRow } from '../plugins/auth';
import { prepared } from '../db/prepared';
import { Unauthorized } from '../domain-errors';
import { serverMessages } from '../messages';
import { companies, users } from '../db/schema';
import { companyFromRow, companySelection } from '../companies/companies.service';
import { partnerOfUser } from './users.partner';

/**
 * GET /users/current: the user with roles.permissions, and their company with meta,
 * taxonomies.term and users (null when the user belongs to no company, e.g. staff).
 */
export async function currentUser(db: Db, user: UserRow) {
  // Roles with their permissions and the user's (first) company in one round trip, built and
  // planned once (server/db/prepared.ts): every page load of the app asks for this. Plain SQL with
  // aliases: drizzle renders a column inside a fields' sql`` unqualified, which a correlated
  // subquery would bind to the wrong table.
  const statement = prepared(db, 'current_user', (name) =>
    db
      .select({
        roles: sql<Array<{ id: number; name: string; permissions: Array<{ id: number; name: string }> }>>`coalesce((
          select json_agg(json_build_object('id', r.id, 'name', r.name, 'permissions', coalesce((
            select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id)
            from role_permissions rp join permissions p on p.id = rp.permission_id
            where rp.role_id = r.id), '[]'::json)) order by r.id)
          from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = ${sql.placeholder('userId')}), '[]'::json)`,
        partner: partnerOfUser(),
        ...companySelection(),
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, sql`(select min(cu.company_id) from company_users cu where cu.user_id = ${sql.placeholder('userId')})`))
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare(name),
  );
  const [row] = await statement.execute({ userId: user.id });
  // Deleted since authenticate read it: as signed out.
  if (!row) throw new Unauthorized(serverMessages.unauthorised);
  const company = row.c ? companyFromRow({ ...row, c: row.c }) : null;

  return {
    user: {
      id: user.id,
      guid: user.guid,
      name: user.name,
      email: user.email,
      avatar: user.avatar,
      telephone: user.telephone,
      position: user.position,
      // The company's partner term id (users.partner.ts), not a column of the user.
      partner: row.partner,
      country: user.country,
      primary: user.primary,
      foc_approver: user.focApprover,
      roles: row.roles,
    },
    company,
  };
}
