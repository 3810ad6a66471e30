import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase, seededDataFolder, seededTemplate } from '../../support/server';

/** What a request under a fault answered, and how long it took (ms). */
export interface Timed {
  status: number;
  body: unknown;
  ms: number;
  /** Raw Set-Cookie headers of the answer. */
  setCookies: string[];
}

/**
 * One real HTTP request with a JSON body, timed. A request that hangs fails after `timeoutMs` (status 0)
 * instead of hanging the test: "it hung" is a finding, not a stuck run.
 */
export async function timed(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; cookie?: string; timeoutMs?: number } = {},
): Promise<Timed> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text, and the shape assertion says so.
    }
    return { status: res.status, body, ms: performance.now() - t0, setCookies: res.headers.getSetCookie() };
  } catch (err) {
    return { status: 0, body: String(err), ms: performance.now() - t0, setCookies: [] };
  }
}

/** Polls `check` until it returns a truthy value; fails with the last value after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const t0 = Date.now();
  let last: T | null | undefined | false;
  let lastError: unknown;
  for (;;) {
    try {
      last = await check();
      if (last) return last;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() - t0 > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(last) ?? String(lastError)})`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** An empty folder as STATIC_DIR: the processes serve the API only (no build needed). */
export const noDist = () => mkdtempSync(join(tmpdir(), 'portal-no-dist-'));

/** `portal_refresh=...` from a fetch response, to send back as a Cookie header. */
export function refreshCookieOf(res: Response): string | null {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('portal_refresh='));
  const pair = raw?.split(';')[0];
  return pair && pair !== 'portal_refresh=' ? pair : null;
}

export const DEMO = 'Demo-pass-2026';

/**
 * Signs in over real HTTP; throws unless 200. A 503 ("try again shortly", with Retry-After: a query
 * that outlasted the 1.5 s query timeout on a loaded 2-core machine) is tried again twice, as a
 * client honouring Retry-After would: these tests are about what happens after the sign-in.
 */
export async function signInAt(base: string, email: string, password = DEMO): Promise<{ token: string; cookie: string }> {
  let res: Response;
  for (let attempt = 1; ; attempt++) {
    res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 503 || attempt === 3) break;
    await res.body?.cancel();
    await new Promise((done) => setTimeout(done, 1000));
  }
  if (res.status !== 200) throw new Error(`sign-in of ${email} at ${base}: ${res.status} ${await res.text()}`);
  const { access_token } = (await res.json()) as { access_token: string };
  return { token: access_token, cookie: refreshCookieOf(res)! };
}

/**
 * A database for real server processes of this project's kind (TEST_DB), holding the demo data
 * already: a PGlite data folder unpacked from the run's snapshot, or a database made from the run's
 * template on the TEST_DATABASE_URL server; `env` points a process at it. `drop()` removes it.
 */
export async function processDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const { url, drop } = await createPostgresDatabase(seededTemplate());
    return { env: { DATABASE_URL: url, DEMO_DATA: '1' }, drop };
  }
  const dataDir = seededDataFolder(mkdtempSync(join(tmpdir(), 'portal-faults-')));
  return { env: { DATA_DIR: dataDir, DEMO_DATA: '1' }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** A port that was free a moment ago (nothing listens on it now). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
