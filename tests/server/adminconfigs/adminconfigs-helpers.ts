// What the configurator admin API tests share: one server per file with the demo data, roles made
// with their own role rows (only 'edit admin configs'; 'edit admin configs' held by a member of
// Harbour Cars only; 'manage configs' without 'edit admin configs'), and calls as each of them.
import { hashPassword } from '../../../server/auth/auth.passwords';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { demo, type ConfigBody } from '../configs-helpers';
import { call, login, type Reply } from '../helpers';
import { userWithRole } from '../roles-helpers';

export type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };
export type Who = 'admin' | 'pm' | 'am' | 'dealer' | 'layouts' | 'harbourLayouts' | 'manager' | 'anonymous';
export const EVERYONE: Who[] = ['admin', 'pm', 'am', 'dealer', 'layouts', 'harbourLayouts', 'manager', 'anonymous'];

export interface AdminWorld {
  server: TestServer;
  motors: ConfigBody;
  harbour: ConfigBody;
  as<T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>>;
  /** The bearer token of a signed-in account (for a request `as` cannot send, e.g. a raw body). */
  token(who: Exclude<Who, 'anonymous'>): Promise<string>;
  close(): Promise<void>;
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
    token: async (who) => tokens[who]!,
    close: () => server.close(),
  };
}

export const applyPath = (c: Pick<ConfigBody, 'guid' | 'company'>) => `/api/companies/${c.company.guid}/configs/${c.guid}/adminconfigs/internalpagelayout`;
