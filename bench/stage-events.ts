/**
 * A stage page's live events (issue 55): how soon the other pages on a stage hear of a save, and
 * what an open event stream costs the server.
 *
 * The portal as its own process (bench/server-process.ts: demo data, `--expose-gc`), the demo
 * dealer's seeded config "Demo Motors website", stage `opening-hours` (the stage the `stage-page`
 * bench opens). 50 event streams on it (`GET /api/configs/{id}/events?stage=opening-hours`, read
 * as the app reads them: fetch with the bearer header and a stream reader), a mix of the demo users
 * allowed to see it (dealer@demo.test, pm@demo.test, admin@demo.test, round robin). Then
 * BENCH_EVENTS_SAVES (40) saves, one after the other, each the dealer's `PUT` of the stage (the
 * whole stage, one opening time changed, on the current version; `?data=changed&echo=false` as the
 * app asks): for each of the 50 streams, the time from sending the `PUT` to that stream's `saved`
 * event of the version the `PUT` answered (stamped when its chunk is read, before parsing). The
 * first BENCH_EVENTS_COLD (5) saves are reported as cold (the first fan-outs since the server
 * started), the rest as warm. Median and p95 of all notices, and of each save's slowest stream.
 *
 * The floor, same run: a notice cannot come before the write commits, and the server answers the
 * `PUT` after its commit, so the `PUT`'s own answer time (the same saves) is the floor the notice is
 * read against (ratio notice median / PUT median); beside it the same `PUT` with no stream open
 * (what the streams add to the writer) and a `GET /api/health` round trip (the loopback HTTP floor).
 *
 * Memory: the server's heap used after a forced GC (twice, in the server process, read until two
 * readings 300 ms apart agree) with no stream open, with 50 and with 200 streams (same user mix,
 * each settled: its first `presence` in), per stream in KiB; two rounds (all streams closed between). RSS and
 * external beside, as totals only: PGlite's WASM memory is outside the V8 heap and never shrinks,
 * and freed pages move RSS by more than the streams do.
 *
 * Run: `npx tsx bench/run.ts stage-events` (or `npm run bench -- stage-events`). PGlite; PostgreSQL
 * too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (its LISTEN is a dedicated
 * connection, not PGlite's in-process one).
 */
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Api } from './config-writes';
import { startServerProcess, type Memory, type ServerProcess } from './server-process';

const STAGE = 'opening-hours';
const STREAMS = 50;
const MEMORY_STREAMS = [50, 200];
const MEMORY_ROUNDS = 2;
const SAVES = Number(process.env.BENCH_EVENTS_SAVES ?? 40);
const COLD = Number(process.env.BENCH_EVENTS_COLD ?? 5);
const VIEWERS = ['dealer@demo.test', 'pm@demo.test', 'admin@demo.test'];
const WRITER = 'dealer@demo.test';
/** Longest wait for every stream's notice of one save. */
const NOTICE_TIMEOUT_MS = 10_000;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))] : NaN;
};
const median = (xs: number[]) => quantile(xs, 0.5);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
const signed = (bytes: number, unit = mib) => `${bytes < 0 ? '-' : '+'}${unit(Math.abs(bytes))}`;
const sleep = (t: number) => new Promise((resolve) => setTimeout(resolve, t));

/** One open stage page's stream: when each `saved` version arrived, how many `presence` events came. */
interface EventStream {
  status: number;
  /** `performance.now()` when the chunk holding the `saved` event of a version was read. */
  saved: Map<number, number>;
  presences: number;
  /** The arrival time of `version`'s `saved` event, waiting for it. */
  savedAt(version: number, timeoutMs: number): Promise<number>;
  /** Resolves once the first `presence` is in (the stream is registered and its list sent). */
  opened: Promise<void>;
  close(): void;
}

/** Opens a stream as the app does (fetch, bearer header, a reader), parsing `event:`/`data:` blocks. */
async function openStream(url: string, token: string, config: number, stage: string): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/configs/${config}/events?stage=${encodeURIComponent(stage)}`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`events stream: ${res.status} ${await res.text()}`);
  const saved = new Map<number, number>();
  const waiters = new Map<number, Array<(at: number) => void>>();
  let presences = 0;
  let openedResolve = () => {};
  const opened = new Promise<void>((resolve) => (openedResolve = resolve));
  const stream: EventStream = {
    status: res.status,
    saved,
    get presences() {
      return presences;
    },
    savedAt(version, timeoutMs) {
      const at = saved.get(version);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no saved event of version ${version} within ${timeoutMs} ms (saw ${[...saved.keys()].join(', ')})`)), timeoutMs);
        const list = waiters.get(version) ?? [];
        list.push((t) => {
          clearTimeout(timer);
          resolve(t);
        });
        waiters.set(version, list);
      });
    },
    opened,
    close: () => controller.abort(),
  };
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        // Stamped before any parsing: what a page would know at this moment.
        const at = performance.now();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let name = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (!data.length) continue;
          if (name === 'presence') {
            presences++;
            openedResolve();
          } else if (name === 'saved') {
            const { version } = JSON.parse(data.join('\n')) as { version: number };
            if (saved.has(version)) continue;
            saved.set(version, at);
            for (const w of waiters.get(version) ?? []) w(at);
            waiters.delete(version);
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return stream;
}

/** `count` streams, the viewers in turn, all settled (each has its first `presence`). */
async function openStreams(url: string, tokens: string[], config: number, count: number, offset = 0): Promise<EventStream[]> {
  const streams = await Promise.all(Array.from({ length: count }, (_, i) => openStream(url, tokens[(i + offset) % tokens.length], config, STAGE)));
  await Promise.all(streams.map((s) => s.opened));
  return streams;
}

/** One HTTP request on a keep-alive agent; status, body text and the round trip (ms). */
function send(agent: Agent, base: URL, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string; ms: number; sentAt: number }> {
  return new Promise((resolve, reject) => {
    const sentAt = performance.now();
    const req = request(
      { agent, host: base.hostname, port: base.port, method, path, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - sentAt, sentAt }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Hours { hours: Array<{ days: Record<string, { open?: string }> }> }

/** The dealer's saves of the stage: the whole stage, the first entry's Monday opening time flipped each time. */
class Writer {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private readonly base: URL;
  private n = 0;
  constructor(
    url: string,
    private readonly token: string,
    private readonly path: string,
    private readonly hours: Hours,
    public version: number,
  ) {
    this.base = new URL(url);
  }

  /** One save; its version, when it was sent and its answer time. */
  async save(): Promise<{ version: number; sentAt: number; ms: number }> {
    const n = this.n++;
    const first = this.hours.hours[0];
    const data: Hours = { ...this.hours, hours: [{ ...first, days: { ...first.days, monday: { ...first.days.monday, open: n % 2 ? '08:30' : '09:15' } } }, ...this.hours.hours.slice(1)] };
    const body = JSON.stringify({ slug: STAGE, data, state: 'draft', version: this.version });
    const r = await send(this.agent, this.base, 'PUT', `${this.path}?data=changed&echo=false`, { 'content-type': 'application/json', authorization: `Bearer ${this.token}` }, body);
    if (r.status !== 200) throw new Error(`save ${n}: ${r.status} ${r.text.slice(0, 300)}`);
    this.version = (JSON.parse(r.text) as { version: number }).version;
    return { version: this.version, sentAt: r.sentAt, ms: r.ms };
  }

  async health(): Promise<number> {
    const r = await send(this.agent, this.base, 'GET', '/api/health', {});
    if (r.status !== 200) throw new Error(`health: ${r.status}`);
    return r.ms;
  }

  close(): void {
    this.agent.destroy();
  }
}

interface Save { cold: boolean; put: number; notices: number[] }

/**
 * Memory after a forced GC, settled: readings 300 ms apart until two agree within 64 KiB (at most
 * 6), so work still queued in the server (closed tabs' row deletions and NOTIFYs, presence
 * fan-outs) is not counted.
 */
async function settledMemory(portal: ServerProcess): Promise<Memory> {
  let last = await portal.memory();
  for (let i = 0; i < 5; i++) {
    await sleep(300);
    const now = await portal.memory();
    const agree = Math.abs(now.heapUsed - last.heapUsed) < 64 * 1024;
    last = now;
    if (agree) break;
  }
  return last;
}

export async function runStageEvents(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const started = performance.now();
  const portal = await startServerProcess({ databaseUrl, users: 0 });
  const up = performance.now() - started;
  const open: EventStream[] = [];
  try {
    const api = new Api(portal.url);
    const tokens = await Promise.all(VIEWERS.map((email) => api.signIn(email)));
    const writerToken = await api.signIn(WRITER);
    const list = await api.call<Array<{ id: number; guid: string; name: string; company: { guid: string } }>>('GET', '/api/configs', { token: writerToken });
    const config = list.body.find((c) => c.name === 'Demo Motors website');
    if (!config) throw new Error(`the demo config is missing: ${JSON.stringify(list.body).slice(0, 300)}`);
    const path = `/api/companies/${config.company.guid}/configs/${config.guid}`;
    const full = await api.call<{ version: number; data: Record<string, unknown> }>('GET', path, { token: writerToken });
    const hours = full.body.data[STAGE] as Hours | undefined;
    if (!hours?.hours?.length) throw new Error(`the demo config has no ${STAGE}: ${JSON.stringify(full.body).slice(0, 300)}`);
    const writer = new Writer(portal.url, writerToken, path, hours, full.body.version);

    log(`stage events on ${portal.database}: config "${config.name}" (id ${config.id}), stage ${STAGE}; ${STREAMS} streams (${VIEWERS.join(', ')} in turn); ${SAVES} saves by ${WRITER}, the first ${COLD} cold; server up in ${(up / 1000).toFixed(1)} s`);

    // 1. Notices: 50 streams open, SAVES saves one after the other.
    const t0 = performance.now();
    open.push(...(await openStreams(portal.url, tokens, config.id, STREAMS)));
    log(`  ${STREAMS} streams open and settled in ${ms(performance.now() - t0)}`);
    const saves: Save[] = [];
    const health: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const s = await writer.save();
      const arrivals = await Promise.all(open.map((st) => st.savedAt(s.version, NOTICE_TIMEOUT_MS)));
      saves.push({ cold: i < COLD, put: s.ms, notices: arrivals.map((at) => at - s.sentAt) });
      health.push(await writer.health());
      // Nothing of this save left in flight (the server's fan-out, the heartbeat's presence re-read) before the next.
      await sleep(50);
    }
    const report = (label: string, group: Save[]) => {
      const notices = group.flatMap((s) => s.notices);
      const slowest = group.map((s) => Math.max(...s.notices));
      const puts = group.map((s) => s.put);
      const ratio = median(notices) / median(puts);
      log(`  ${label} (${group.length} saves x ${STREAMS} streams = ${notices.length} notices):`);
      log(`    save to notice: median ${ms(median(notices))}, p95 ${ms(quantile(notices, 0.95))}, max ${ms(Math.max(...notices))}; slowest stream of a save: median ${ms(median(slowest))}, p95 ${ms(quantile(slowest, 0.95))}`);
      log(`    the PUT's answer (floor): median ${ms(median(puts))}, p95 ${ms(quantile(puts, 0.95))}; notice median / PUT median = ${ratio.toFixed(2)}x`);
    };
    report('cold', saves.filter((s) => s.cold));
    report('warm', saves.filter((s) => !s.cold));
    const early = saves.flatMap((s) => s.notices.filter((n) => n < s.put)).length;
    log(`    notices that came before the PUT's answer: ${early} of ${saves.length * STREAMS}`);
    log(`  GET /api/health round trip, same connection, between the saves: median ${ms(median(health))}, p95 ${ms(quantile(health, 0.95))}`);

    // The same PUT with no stream open.
    for (const s of open.splice(0)) s.close();
    await sleep(1000);
    const alone: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      alone.push((await writer.save()).ms);
      await sleep(50);
    }
    const warmPuts = saves.filter((s) => !s.cold).map((s) => s.put);
    log(`  the same PUT with no stream open, ${SAVES} saves: median ${ms(median(alone))}, p95 ${ms(quantile(alone, 0.95))} (with ${STREAMS} streams, warm: median ${ms(median(warmPuts))}, ${(median(warmPuts) / median(alone)).toFixed(2)}x)`);
    writer.close();

    // 2. Memory per stream, twice (the first round's 200 also pays what the server keeps once it has seen that many).
    log(`  server memory after a forced GC (heap used; RSS and external beside: PGlite's WASM memory is outside the heap and never shrinks)`);
    for (let round = 1; round <= MEMORY_ROUNDS; round++) {
      for (const s of open.splice(0)) s.close();
      const before = await settledMemory(portal);
      const readings: Array<{ streams: number; memory: Memory }> = [];
      for (const count of MEMORY_STREAMS) {
        open.push(...(await openStreams(portal.url, tokens, config.id, count - open.length, open.length)));
        readings.push({ streams: count, memory: await settledMemory(portal) });
      }
      log(`    round ${round}: no stream ${kib(before.heapUsed)} heap, ${mib(before.rss)} RSS, ${mib(before.external)} external`);
      for (const { streams, memory } of readings) {
        log(`      ${String(streams).padStart(3)} streams: heap ${signed(memory.heapUsed - before.heapUsed, kib)} = ${kib((memory.heapUsed - before.heapUsed) / streams)} per stream; RSS ${signed(memory.rss - before.rss)}, external ${signed(memory.external - before.external)}`);
      }
      const [a, b] = readings;
      log(`      streams ${a.streams + 1}-${b.streams} alone: heap ${kib((b.memory.heapUsed - a.memory.heapUsed) / (b.streams - a.streams))} per stream`);
    }
    log(`  (${((performance.now() - started) / 1000).toFixed(1)} s from the server's start)`);
  } finally {
    for (const s of open) s.close();
    await portal.stop(log);
  }
}

/** `npm run bench -- stage-events`. */
export async function benchStageEvents(): Promise<void> {
  await runStageEvents(null);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runStageEvents(url);
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchStageEvents();
}
