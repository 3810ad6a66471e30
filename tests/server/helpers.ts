import { DEMO_PASSWORD, type TestServer } from '../support/server';

export { DEMO_PASSWORD };

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
  /** Raw Set-Cookie headers. */
  setCookies: string[];
}

/** Real HTTP to the test server (JSON in and out). */
export async function call<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await fetch(`${server.url}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body: body as T, text, headers: res.headers, setCookies: res.headers.getSetCookie() };
}

/** `portal_refresh=...` from a response's Set-Cookie (to send back as a Cookie header), or null. */
export function refreshCookie(reply: Reply<unknown>): string | null {
  const raw = reply.setCookies.find((c) => c.startsWith('portal_refresh='));
  if (!raw) return null;
  const pair = raw.split(';')[0];
  return pair === 'portal_refresh=' ? null : pair;
}

export interface Session {
  token: string;
  cookie: string;
  expiresIn: number;
  reply: Reply<{ access_token: string; expires_in: number }>;
}

export async function login(server: TestServer, email: string, password = DEMO_PASSWORD, remember = false): Promise<Session> {
  const reply = await call<{ access_token: string; expires_in: number }>(server, 'POST', '/api/login', { body: { email, password, remember } });
  if (reply.status !== 200) throw new Error(`login ${email} failed: ${reply.status} ${reply.text}`);
  return { token: reply.body.access_token, cookie: refreshCookie(reply)!, expiresIn: reply.body.expires_in, reply };
}

/** Token and email out of a reset mail's link `${url}/#/password/reset/{token}?email=...`. */
export function parseResetLink(text: string): { link: string; token: string; email: string } {
  const match = /(http:\/\/\S+\/#\/password\/reset\/([A-Za-z0-9_-]+)\?email=(\S+))/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { link: match[1], token: match[2], email: decodeURIComponent(match[3]) };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * True once a repeated `read` is answered from memory (server/db/read-cache.ts). On PostgreSQL a
 * commit anywhere on the server (another test file's database too) rightly ends what memory
 * holds, so it tries a few times; on PGlite the first repeat is from memory.
 */
export async function servedFromMemory(reads: { hits: number }, read: () => Promise<unknown>, tries = 20): Promise<boolean> {
  await read();
  for (let i = 0; i < tries; i++) {
    const before = reads.hits;
    await read();
    if (reads.hits > before) return true;
  }
  return false;
}
