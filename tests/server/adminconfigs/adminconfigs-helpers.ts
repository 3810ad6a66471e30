// What the configurator admin API tests share: one server per file with the demo data, roles made
// with their own role rows (only 'edit admin configs'; 'edit admin configs' held by a member of
// Harbour Cars only; 'manage configs' without 'edit admin configs'), and calls as each of them.
import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { companies, companyUsers, permissions, rolePermissions, roles, userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { demo, type ConfigBody } from '../configs-helpers';
import { call, login, type Reply } from '../helpers';

export type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };
export type Who = 'admin' | 'pm' | 'am' | 'dealer' | 'layouts' | 'harbourLayouts' | 'manager' | 'anonymous';
export const EVERYONE: Who[] = ['admin', 'pm', 'am', 'dealer', 'layouts', 'harbourLayouts', 'manager', 'anonymous'];

export interface AdminWorld {
  server: TestServer;
  motors: ConfigBody;
  harbour: ConfigBody;
  as<T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>>;
  close(): Promise<void>;
}

async function userWithRole(server: TestServer, email: string, roleName: string, granted: string[], passwordHash: string, company?: string) {
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

export async function adminWorld(): Promise<AdminWorld> {
  const server = await startTestServer();
  const hash = await hashPassword(DEMO_PASSWORD);
  // Only the admin permission: a member of no company, so no config is theirs to apply to.
  await userWithRole(server, 'layouts@admin.test', 'Layout Editor', ['edit admin configs'], hash);
  // The admin permission and membership of Harbour Cars: its configs only.
  await userWithRole(server, 'harbour@admin.test', 'Harbour Layout Editor', ['edit admin configs', 'view configs'], hash, 'Harbour Cars');
  // Runs every configurator but holds no admin permission.
  await userWithRole(server, 'manager@admin.test', 'Config Manager', ['manage configs', 'view configs'], hash);
  const d = await demo(server);
  const emails = { admin: 'admin@demo.test', pm: 'pm@demo.test', am: 'am@demo.test', dealer: 'dealer@demo.test', layouts: 'layouts@admin.test', harbourLayouts: 'harbour@admin.test', manager: 'manager@admin.test' } as const;
  const tokens: Partial<Record<Who, string>> = {};
  await Promise.all(Object.entries(emails).map(async ([who, email]) => (tokens[who as Who] = (await login(server, email)).token)));
  return {
    server,
    motors: d.motors,
    harbour: d.harbour,
    as: (who, method, path, body) => call(server, method, path, { token: who === 'anonymous' ? undefined : tokens[who], body }),
    close: () => server.close(),
  };
}

export const applyPath = (c: Pick<ConfigBody, 'guid' | 'company'>) => `/api/companies/${c.company.guid}/configs/${c.guid}/adminconfigs/internalpagelayout`;
