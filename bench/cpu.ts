/**
 * CPU time spent by the processes of a bench run, read from /proc (Linux): the server under test,
 * the PostgreSQL backends and this client. A closed loop on a 2-core machine is bound by the CPU of
 * all three together, so "CPU ms per write" says where a write's cost goes (issue 32), which a
 * profile of the server alone cannot. Elsewhere than Linux it reads nothing (null).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU ms so far of each process of interest, by pid, with its kind. */
export type CpuByProcess = Map<string, { kind: string; ms: number }>;

/**
 * CPU milliseconds (user + system) so far of each process of a kind: `postgres`, `client` (this
 * process), and `server` for any process whose command line contains `serverMarker`.
 */
export function cpuByProcess(serverMarker: string): CpuByProcess | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  // Clock ticks of /proc/<pid>/stat: 100 a second on Linux.
  const tickMs = 10;
  const out: CpuByProcess = new Map();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const kind = name === 'postgres' ? 'postgres' : pid === String(process.pid) ? 'client' : readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(serverMarker) ? 'server' : null;
      if (kind) out.set(pid, { kind, ms: (Number(fields[11]) + Number(fields[12])) * tickMs });
    } catch {
      // the process ended while being read
    }
  }
  return out;
}

/**
 * "server 4.6, PostgreSQL 5.6, client 1.0 CPU ms a write" between two readings, or '' without them.
 * Per process: one that started between them counts whole; one that ended is not counted (a
 * PostgreSQL backend of a pool closed meanwhile), so the figures are at most an underestimate.
 */
export function cpuPerWrite(before: CpuByProcess | null, after: CpuByProcess | null, writes: number): string {
  if (!before || !after || !writes) return '';
  const total: Record<string, number> = {};
  for (const [pid, { kind, ms }] of after) total[kind] = (total[kind] ?? 0) + ms - (before.get(pid)?.ms ?? 0);
  const per = (kind: string) => (total[kind] ?? 0) / writes;
  return `CPU a write: server ${per('server').toFixed(2)} ms, PostgreSQL ${per('postgres').toFixed(2)} ms, client ${per('client').toFixed(2)} ms`;
}
