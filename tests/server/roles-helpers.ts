// A user of a role made for the test (the API tests of several areas need someone who holds exactly
// the permissions named, nothing of the demo roles).
import { eq, inArray } from 'drizzle-orm';
import { companies, companyUsers, permissions, rolePermissions, roles, userRoles, users } from '../../server/db/schema';
import type { TestServer } from '../support/server';

/**
 * Creates a role `roleName` granted exactly `granted` (an unknown permission name throws), and a user
 * `email` (named after the role, with `passwordHash`) who holds it; `company` (a company's name) makes
 * them a member of it.
 * @example await userWithRole(server, 'lister@tasks.test', 'Task Lister', ['list tasks'], await hashPassword(DEMO_PASSWORD));
 */
export async function userWithRole(server: TestServer, email: string, roleName: string, granted: string[], passwordHash: string, company?: string): Promise<void> {
  const db = server.database.db;
  const [role] = await db.insert(roles).values({ name: roleName }).returning({ id: roles.id });
  const found = await db.select().from(permissions).where(inArray(permissions.name, granted));
  if (found.length !== granted.length) throw new Error(`unknown permission in ${granted.join(', ')}`);
  if (found.length) await db.insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await db.insert(users).values({ email, name: roleName, passwordHash }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  if (company) {
    const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, company));
    await db.insert(companyUsers).values({ companyId: c.id, userId: user.id });
  }
}
