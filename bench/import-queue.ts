/**
 * Issue 53's import figure, run by bench/balancer.ts: a 5,000-row legacy import (bench/migration.ts's
 * file) through the job queue, started and polled through the balancer as the page does (every
 * 250 ms), so any instance's worker may run it; against the same import without a queue or a job:
 * the import service called in this process on the same database (what a run does, without the
 * dispatch, the job's bookkeeping and the polling). Median of RUNS, each into a config of its own.
 */
import { activeViewer } from '../server/db/tenancy';
import { buildApp } from '../server/app';
import { openPostgres } from '../server/db/database';
import { prepare, runImport } from '../server/migration/migration.service';
import { servicesOf } from '../server/plugins/services';
import { signIn } from './drive';
import { legacyCsv } from './migration';

const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchQueuedImport(url: string, databaseUrl: string, log: (line: string) => void): Promise<void> {
  const token = await signIn(url, 'admin@demo.test');
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  };
  const { user: me } = await api<{ user: { id: number } }>('GET', '/api/users/current');
  const companies = await api<Array<{ guid: string; name: string }>>('GET', `/api/companies?filter=${encodeURIComponent(JSON.stringify({ q: 'Demo Motors' }))}`);
  const company = companies.find((c) => c.name === 'Demo Motors')!.guid;
  const newConfig = () => api<{ guid: string }>('POST', `/api/companies/${company}/configs`, { config: { name: `Bench import ${Math.random()}`, design_type: 'custom' }, lang: 'en' });
  const content = legacyCsv();
  const rows = content.split('\n').length - 1;

  const queued: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const config = await newConfig();
    const t0 = performance.now();
    const job = await api<{ id: string }>('POST', '/api/migration/imports', { file: { name: 'bench.csv', content }, config: config.guid, company });
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const seen = await api<{ status: string; error?: unknown }>('GET', `/api/migration/jobs/${job.id}`);
      if (seen.status === 'running') continue;
      if (seen.status !== 'done') throw new Error(`import ${seen.status}: ${JSON.stringify(seen.error)}`);
      break;
    }
    queued.push(performance.now() - t0);
  }

  // The floor: an app of this process on the same database, running no workers, its import service called directly.
  const app = await buildApp({ database: await openPostgres(databaseUrl), logger: false, importWorkers: 0, trackerSweepSeconds: 0, mailWorkerIntervalMs: 0 });
  const direct: number[] = [];
  try {
    const deps = servicesOf(app);
    const viewer = (await activeViewer(app.db, me.id))!;
    for (let i = 0; i < RUNS; i++) {
      const body = { file: { name: 'bench.csv', content }, config: (await newConfig()).guid, company };
      const t0 = performance.now();
      await runImport(deps, viewer, await prepare(deps, viewer, body), body);
      direct.push(performance.now() - t0);
    }
  } finally {
    await app.close();
  }
  const [q, d] = [median(queued), median(direct)];
  log(`  import of ${rows} rows, through the queue via HAProxy (started, polled every 250 ms): ${q.toFixed(0)} ms median of ${RUNS} (${queued.map((x) => x.toFixed(0)).join(', ')})`);
  log(`  the same import, the service called directly (no queue, no job):            ${d.toFixed(0)} ms median of ${RUNS} (${direct.map((x) => x.toFixed(0)).join(', ')})  (queue / direct ${(q / d).toFixed(2)}x)`);
}
