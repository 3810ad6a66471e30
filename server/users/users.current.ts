import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { UserRow } from '../plugins/auth';
import { prepared } from '../db/prepared';
import { Forbidden, Unauthorized } from '../domain-errors';
import { serverMessages } from '../messages';
import { companies, companyUsers, currentCompanies, users } from '../db/schema';
import { currentCompanyOf } from '../db/tenancy';
import { companyFromRow, companySelection } from '../companies/companies.service';
import { partnerOfUser } from './users.partner';

/**
 * GET /users/current: the user with roles.permissions, and their current company (the one tenancy
 * holds them to, db/tenancy.ts) with meta, taxonomies.term and users (null when the user belongs to
 * no company, e.g. staff), and `companies`: every company they belong to ({id, name}, by name), the
 * ones they may switch to (issue 54).
 */
export async function currentUser(db: Db, user: UserRow) {
  // Roles with their permissions, the user's current company and their companies in one round trip, built and
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
        companies: sql<Array<{ id: number; name: string }>>`coalesce((
          select json_agg(json_build_object('id', mc.id, 'name', mc.name) order by mc.name, mc.id)
          from company_users mcu join companies mc on mc.id = mcu.company_id
          where mcu.user_id = ${sql.placeholder('userId')}), '[]'::json)`,
        ...companySelection(),
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, currentCompanyOf(sql.placeholder('userId'))))
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
    companies: row.companies,
  };
}

/**
 * PUT /users/current/company: makes one of the user's companies their current one, kept for them
 * (every session and instance; db/tenancy.ts). A company they do not belong to (or none that
 * exists) is a 403, and the current company stays. Answers as GET /users/current.
 */
export async function switchCompany(db: Db, user: UserRow, companyId: number) {
  // The membership is the row's foreign key: checked and written in one statement, so a membership
  // taken away meanwhile cannot leave a choice behind.
  const chosen = await db
    .insert(currentCompanies)
    .select(
      db
        .select({ userId: companyUsers.userId, companyId: companyUsers.companyId, chosenAt: sql`now()`.as('chosen_at') })
        .from(companyUsers)
        .where(and(eq(companyUsers.userId, user.id), eq(companyUsers.companyId, companyId))),
    )
    .onConflictDoUpdate({ target: currentCompanies.userId, set: { companyId: sql`excluded.company_id`, chosenAt: sql`excluded.chosen_at` } })
    .returning({ companyId: currentCompanies.companyId });
  if (!chosen.length) throw new Forbidden(serverMessages.access_denied);
  return currentUser(db, user);
}
