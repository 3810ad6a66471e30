import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../plugins/auth';
import { loadCompany } from './companies';

/**
 * GET /users/current: the user with roles.permissions, and their company with meta,
 * taxonomies.term and users (null when the user belongs to no company, e.g. staff).
 */
export async function currentUser(app: FastifyInstance, user: UserRow) {
  // Roles with their permissions and the first company link in one round trip. Plain SQL with
  // aliases: drizzle renders a column inside a fields' sql`` unqualified, which a correlated
  // subquery would bind to the wrong table.
  const result: unknown = await app.db.execute(sql`
    select
      coalesce((
        select json_agg(json_build_object('id', r.id, 'name', r.name, 'permissions', coalesce((
          select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id)
          from role_permissions rp join permissions p on p.id = rp.permission_id
          where rp.role_id = r.id), '[]'::json)) order by r.id)
        from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = ${user.id}), '[]'::json) as roles,
      (select min(cu.company_id) from company_users cu where cu.user_id = ${user.id}) as company_id`);
  // PGlite and node-postgres both answer { rows }.
  const [first] = (result as { rows: Array<{ roles: Array<{ id: number; name: string; permissions: Array<{ id: number; name: string }> }>; company_id: number | null }> }).rows;
  const row = { roles: first.roles, companyId: first.company_id };
  const company = row.companyId ? await loadCompany(app, row.companyId) : null;

  return {
    user: {
      id: user.id,
      guid: user.guid,
      name: user.name,
      email: user.email,
      avatar: user.avatar,
      telephone: user.telephone,
      position: user.position,
      partner: user.partner,
      country: user.country,
      primary: user.primary,
      foc_approver: user.focApprover,
      roles: row.roles,
    },
    company,
  };
}
