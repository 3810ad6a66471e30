import { startBareServer } from './bare-server';
import { drive, fmt } from './drive';

/** One list request of a list bench: its name, path and bearer token. */
export interface ListRequest {
  name: string;
  path: string;
  token: string;
}

/**
 * The list benches' measurement (companies, agreements): each request is read once from the
 * portal, then driven against the portal and against a bare Fastify answering the same bytes
 * from memory, and judged against the budget (PostgreSQL: at least 30% of bare's req/s and p99
 * under 50 ms; PGlite: 500 req/s and p99 under 100 ms, or as PostgreSQL with `ratioOnBoth`).
 */
export async function compareWithBare(portalUrl: string, requests: ListRequest[], opts: { postgres: boolean; connections: number; duration: number; log: (line: string) => void; ratioOnBoth?: boolean }): Promise<void> {
  const { postgres, connections, duration, log, ratioOnBoth = false } = opts;
  const bodies: Record<string, string> = {};
  for (const r of requests) {
    const res = await fetch(portalUrl + r.path, { headers: { authorization: `Bearer ${r.token}` } });
    if (res.status !== 200) throw new Error(`${r.name}: ${res.status} ${await res.text()}`);
    bodies[r.path] = await res.text();
    const range = res.headers.get('content-range');
    if (range) log(`  ${r.name}: ${range}`);
  }
  const bare = await startBareServer(bodies);
  try {
    for (const r of requests) {
      const headers = { authorization: `Bearer ${r.token}` };
      const ours = await drive(portalUrl, r.path, headers, connections, duration);
      const base = await drive(bare.url, r.path, headers, connections, duration);
      const ratio = ours.perSecond / base.perSecond;
      const met = !ours.errors && (postgres || ratioOnBoth ? ratio >= 0.3 && ours.p99 < 50 : ours.perSecond >= 500 && ours.p99 < 100);
      log(`  ${r.name} (${(bodies[r.path].length / 1024).toFixed(1)} KiB)`);
      log(`    portal ${fmt(ours)}`);
      log(`    bare   ${fmt(base)}`);
      // The bare route's own p99 over the budget: no server can meet it for this body on this machine.
      const p99Budget = postgres || ratioOnBoth ? 50 : 100;
      const reach = base.p99 >= p99Budget ? ` (the bare route's own p99 is ${base.p99.toFixed(0)} ms: a p99 under ${p99Budget} ms is out of reach for this body here; the portal ${ours.p99 <= base.p99 ? 'is within the bare p99' : 'is over the bare p99 too'})` : '';
      log(`    portal / bare ${ratio.toFixed(3)}  ${met ? 'within budget' : 'OVER BUDGET'}${reach}`);
    }
  } finally {
    await bare.stop();
  }
}
