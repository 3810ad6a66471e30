/**
 * What the server benches (`api`, `companies`) share: autocannon on one route after a warm-up, a
 * demo sign-in, and one line of figures.
 */
import autocannon from 'autocannon';
import { BENCH_PASSWORD } from './server-process';

export interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `connections` at once on `path` for `duration` s, after 2 s of warm-up (JIT, the pool, the database's caches). */
export async function drive(url: string, path: string, headers: Record<string, string>, connections: number, duration: number): Promise<Figures> {
  await autocannon({ url: url + path, connections, duration: 2, headers });
  const r = await autocannon({ url: url + path, connections, duration, headers, timeout: 10 });
  return { perSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts };
}

/** A bench user's access token. */
export async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export const fmt = (f: Figures) => `${f.perSecond.toFixed(0).padStart(6)} req/s, p50 ${String(f.p50).padStart(3)} ms, p99 ${String(f.p99).padStart(4)} ms${f.errors ? `, ${f.errors} errors` : ''}`;
