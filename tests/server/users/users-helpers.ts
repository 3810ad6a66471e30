// What the users API tests share: one server per file with the demo data, signed in as a dealer of
// Demo Motors, a dealer of Harbour Cars and the administrator, and calls as each of them.
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

export type Who = 'dealer' | 'dealer2' | 'admin';

export interface UsersWorld {
  server: TestServer;
  tokens: Record<Who, string>;
  as<T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>>;
  close(): Promise<void>;
}

/**
 * A test server with the demo users signed in (`dealer@demo.test`, `dealer2@demo.test`, `admin@demo.test`).
 * @example let w: UsersWorld; beforeAll(async () => { w = await usersWorld(); }); afterAll(() => w?.close());
 */
export async function usersWorld(): Promise<UsersWorld> {
  const server = await startTestServer();
  const tokens = {} as Record<Who, string>;
  for (const [who, email] of Object.entries({ dealer: 'dealer@demo.test', dealer2: 'dealer2@demo.test', admin: 'admin@demo.test' })) {
    tokens[who as Who] = (await login(server, email)).token;
  }
  return {
    server,
    tokens,
    as: (who, method, path, body) => call(server, method, path, { token: tokens[who], body }),
    close: () => server.close(),
  };
}
