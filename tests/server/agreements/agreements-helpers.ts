// What the agreements API tests share: one server per file with the demo users and two custom
// roles (only 'view agreements', only 'edit agreements'), and calls as each of them.
import { eq, inArray } from 'drizzle-orm';
import type { AgreementDetail, AgreementListItem } from '../../../contract/agreements';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { agreements, companies, permissions, rolePermissions, roles, userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer, type TestServerOptions } from '../../support/server';
import { call, login, type Reply } from '../helpers';

export type { AgreementDetail, AgreementListItem };
export type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };
export type Who = 'admin' | 'am' | 'pm' | 'dealer' | 'dealer2' | 'dev' | 'viewer' | 'editor' | 'anonymous';

export interface AgreementsWorld {
  server: TestServer;
  tokens: Record<Exclude<Who, 'anonymous'>, string>;
  as<T = AgreementDetail>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>>;
  /** POST /api/dompdf/create/{id} as bytes. */
  pdf(who: Who, id: number | string): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Buffer }>;
  /** The seeded agreement of that name. */
  seeded(name: string): Promise<typeof agreements.$inferSelect>;
  companyId(name: string): Promise<number>;
  close(): Promise<void>;
}

/** A user with a role of its own holding exactly `granted`. */
async function userWithRole(server: TestServer, email: string, roleName: string, granted: string[], passwordHash: string) {
  const db = server.database.db;
  const [role] = await db.insert(roles).values({ name: roleName }).returning({ id: roles.id });
  const found = await db.select().from(permissions).where(inArray(permissions.name, granted));
  if (found.length) await db.insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await db.insert(users).values({ email, name: roleName, passwordHash }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
}

export async function agreementsWorld(options: TestServerOptions = {}): Promise<AgreementsWorld> {
  const server = await startTestServer(options);
  const db = server.database.db;
  // One hash for the three (hashing is slow on purpose).
  const hash = await hashPassword(DEMO_PASSWORD);
  await userWithRole(server, 'reader@agreements.test', 'Agreement Reader', ['view agreements'], hash);
  await userWithRole(server, 'writer@agreements.test', 'Agreement Writer', ['edit agreements'], hash);
  await userWithRole(server, 'dev@agreements.test', 'Developer Only', ['view companies', 'view configs'], hash);
  const emails = {
    admin: 'admin@demo.test', am: 'am@demo.test', pm: 'pm@demo.test', dealer: 'dealer@demo.test', dealer2: 'dealer2@demo.test',
    dev: 'dev@agreements.test', viewer: 'reader@agreements.test', editor: 'writer@agreements.test',
  } as const;
  const tokens = {} as AgreementsWorld['tokens'];
  await Promise.all(Object.entries(emails).map(async ([who, email]) => (tokens[who as keyof typeof tokens] = (await login(server, email)).token)));
  const token = (who: Who) => (who === 'anonymous' ? undefined : tokens[who]);
  return {
    server,
    tokens,
    as: (who, method, path, body) => call(server, method, path, { token: token(who), body }),
    async pdf(who, id) {
      const t = token(who);
      const res = await fetch(`${server.url}/api/dompdf/create/${id}`, { method: 'POST', headers: t ? { authorization: `Bearer ${t}` } : {} });
      return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: Buffer.from(await res.arrayBuffer()) };
    },
    async seeded(name) {
      const [row] = await db.select().from(agreements).where(eq(agreements.name, name));
      if (!row) throw new Error(`no seeded agreement ${name}`);
      return row;
    },
    async companyId(name) {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
      return row.id;
    },
    close: () => server.close(),
  };
}

export const MOTORS_SENT = 'Demo Motors website launch';
export const MOTORS_CREATED = 'Demo Motors used car add-ons';
export const HARBOUR_SIGNED = 'Harbour Cars — site vitrine';
