// What the task-template API tests share: one server per file with the demo users and custom roles
// made with their own role rows (only 'list tasks', only 'edit tasks', only 'view projects', and
// none of the tasks permissions), and calls as each of them, JSON or multipart.
import sharp from 'sharp';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';
import { userWithRole } from '../roles-helpers';

export type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };
export type Who = 'admin' | 'pm' | 'am' | 'dev' | 'dealer' | 'dealer2' | 'lister' | 'editor' | 'projects' | 'none' | 'anonymous';
export const EVERYONE: Who[] = ['admin', 'pm', 'am', 'dev', 'dealer', 'dealer2', 'lister', 'editor', 'projects', 'none', 'anonymous'];

export interface TasksWorld {
  server: TestServer;
  tokens: Record<Exclude<Who, 'anonymous'>, string>;
  as<T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>>;
  /** A multipart request (FormData) as `who`. */
  form<T = Record<string, unknown>>(who: Who, method: string, path: string, data: FormData): Promise<Reply<T>>;
  close(): Promise<void>;
}

export async function tasksWorld(): Promise<TasksWorld> {
  const server = await startTestServer();
  const hash = await hashPassword(DEMO_PASSWORD);
  await userWithRole(server, 'lister@tasks.test', 'Task Lister', ['list tasks'], hash);
  await userWithRole(server, 'editor@tasks.test', 'Task Editor', ['edit tasks'], hash);
  await userWithRole(server, 'projects@tasks.test', 'Project Viewer', ['view projects'], hash);
  await userWithRole(server, 'none@tasks.test', 'No Tasks', ['view companies', 'view configs'], hash);
  // The demo Developer role (seed-data.ts ROLES id 5) has no demo user: one of our own.
  const [dev] = await server.database.db.insert(users).values({ email: 'dev@tasks.test', name: 'Devi Developer', passwordHash: hash }).returning({ id: users.id });
  await server.database.db.insert(userRoles).values({ userId: dev.id, roleId: 5 });
  const emails = {
    admin: 'admin@demo.test', pm: 'pm@demo.test', am: 'am@demo.test', dealer: 'dealer@demo.test', dealer2: 'dealer2@demo.test',
    dev: 'dev@tasks.test', lister: 'lister@tasks.test', editor: 'editor@tasks.test', projects: 'projects@tasks.test', none: 'none@tasks.test',
  } as const;
  const tokens = {} as TasksWorld['tokens'];
  await Promise.all(Object.entries(emails).map(async ([who, email]) => (tokens[who as keyof typeof tokens] = (await login(server, email)).token)));
  const token = (who: Who) => (who === 'anonymous' ? undefined : tokens[who]);
  return {
    server,
    tokens,
    as: (who, method, path, body) => call(server, method, path, { token: token(who), body }),
    async form(who, method, path, data) {
      const t = token(who);
      const res = await fetch(`${server.url}${path}`, { method, headers: t ? { authorization: `Bearer ${t}` } : {}, body: data });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { status: res.status, body: body as never, text, headers: res.headers, setCookies: res.headers.getSetCookie() };
    },
    close: () => server.close(),
  };
}

/** A real PNG of `size` pixels (a square of `colour`). */
export const pngOf = (size = 200, colour = '#d32f2f') => sharp({ create: { width: size, height: size, channels: 4, background: colour } }).png().toBuffer();

/** A FormData with the fields given (a Buffer becomes a file part named by `filename`). */
export function formOf(fields: Record<string, string | Buffer>, filename = 'icon.png'): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(key, value);
    else data.append(key, new Blob([new Uint8Array(value)]), filename);
  }
  return data;
}
