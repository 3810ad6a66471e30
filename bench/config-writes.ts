/**
 * Stage writes at the size of a real dealer group (issue 7): configs of 30 locations with the
 * company stages and every company-structure stage filled (bench/config-document.ts: 12 makes, 240
 * departments, 240 opening-hours entries), written through the API of a real server process
 * (bench/server-process.ts), each edit one opening time changed as a dealer types it.
 *
 * - one writer, one config: `PUT` server time (the route's Server-Timing header: request in to
 *   answer ready), median under 20 ms, and the round trip the client sees on loopback; answered
 *   with the changed stages only, as the app asks (`?data=changed`), uncompressed (as the writers
 *   below) and compressed (as the browser asks), and, against it, with the whole config;
 * Every edit is sent as the app sends it: a JSON patch against the version it was made on (the
 * whole stage as before patches, against it, in the same run).
 * - 50 writers, each its own dealer on its own config and keep-alive connection, a closed loop (as
 *   autocannon drives) for 10 s after a 2 s warm-up: req/s, p50, p99, errors; PostgreSQL p99 under 100 ms with zero errors, PGlite
 *   zero errors (figures reported);
 * - the history of the single writer's config (over 1,000 revisions): pages of
 *   `GET .../configs/{guid}/history`, under 50 ms.
 * Against, in the same run: the engine's `writeStage` alone on the same document (in this
 * process), i.e. what the write costs before the database and HTTP; and on PostgreSQL the write
 * floors (bench/write-floor.ts): a bare Fastify doing only the unavoidable part of each write
 * (parse the body, one statement storing it), driven by the same 50 writers, so the closed loop's
 * figure reads against what this machine and this storage can do at all.
 *
 * Run: `npm run bench -- config-writes`. PGlite always; PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server (a database is created there and dropped). BENCH_WRITES,
 * BENCH_WRITES_SECONDS and BENCH_WRITES_CONNECTIONS change the shape; BENCH_CPU_PROF=<folder> writes
 * the server's CPU profile.
 */
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { applyStagePatches, loadStageValidators, stageCatalogue, writeStage, type ConfigDocument, type ConfigSnapshot } from '../engine';
import { filledConfig } from './config-document';
import { BENCH_PASSWORD, startServerProcess } from './server-process';
import { startWriteFloor } from './write-floor';
import { cpuByProcess, cpuPerWrite } from './cpu';

/** What is written before the measured edits: the company stages and every company-structure stage. */
export const STRUCTURE_STAGES = ['company-information', 'key-contact', 'franchises', 'locations', 'departments', 'opening-hours', 'social-feeds', 'divisions'];
/** The app's autosave pause after the last edit (src/configurator/stage/useStageSaver.ts). */
const AUTOSAVE_MS = 1500;
/** The stage the measured edits change (the biggest of them: 240 entries x 7 days). */
const EDITED = 'opening-hours';
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

type Json = Record<string, unknown>;
interface Hours { hours: Array<{ days: Record<string, { open?: string }> }> }

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))] : NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/**
 * The `n`-th edit of the opening hours: one opening time of one entry, never the value it had
 * before, so every write is a change (a revision) and the answer carries the whole config.
 */
export function editedHours(base: Hours, n: number): Hours {
  const hours = base.hours.slice();
  const k = n % hours.length;
  const day = DAYS[Math.floor(n / hours.length) % DAYS.length];
  const entry = hours[k];
  hours[k] = { ...entry, days: { ...entry.days, [day]: { ...entry.days[day], open: n % 2 ? '08:30' : '09:15' } } };
  return { ...base, hours };
}

/**
 * The `n`-th edit as the app sends it (JSON patches against the data the server holds): one opening
 * time, a value other than the one it holds (each entry's day comes round again every 1,200 edits,
 * with the other of two times), so every write is a change.
 */
export function editPatches(hours: number, n: number): Array<{ op: 'replace'; path: string; value: string }> {
  const k = n % hours;
  const day = DAYS[Math.floor(n / hours) % DAYS.length];
  const round = Math.floor(n / (hours * DAYS.length));
  return [{ op: 'replace', path: `/hours/${k}/days/${day}/open`, value: round % 2 ? '08:30' : '09:15' }];
}

export class Api {
  constructor(readonly url: string) {}

  /** `ms`: the round trip seen here; `server`: the server's own time (its Server-Timing header), when it sends one. */
  async call<T = Json>(method: string, path: string, opts: { token?: string; body?: unknown; compressed?: boolean } = {}): Promise<{ status: number; body: T; ms: number; server?: number }> {
    const started = performance.now();
    const res = await fetch(this.url + path, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        // The browser's; identity keeps the answer as the server builds it, uncompressed.
        'accept-encoding': opts.compressed ? 'gzip, deflate, br' : 'identity',
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    const took = performance.now() - started;
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the error message
    }
    const timing = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    return { status: res.status, body: body as T, ms: took, server: timing ? Number(timing[1]) : undefined };
  }

  async signIn(email: string): Promise<string> {
    const r = await this.call<{ access_token: string }>('POST', '/api/login', { body: { email, password: BENCH_PASSWORD } });
    if (r.status !== 200) throw new Error(`sign-in ${email}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.access_token;
  }
}

export interface Config { id: number; guid: string; version: number; companyGuid: string; token: string }

/** Creates `count` configs of the demo company (as its admin) and fills them, each as its own dealer (load{i}@load.test). */
export async function fillConfigs(api: Api, count: number, doc: ConfigDocument): Promise<Config[]> {
  const admin = await api.signIn('admin@demo.test');
  const company = await api.call<{ guid: string }>('GET', '/api/companies/1', { token: admin });
  const configs: Config[] = [];
  for (let i = 0; i < count; i++) {
    const r = await api.call<{ id: number; guid: string; version: number }>('POST', `/api/companies/${company.body.guid}/configs`, {
      token: admin, body: { config: { name: `Bench group ${i}`, design_type: 'custom' }, lang: 'en' },
    });
    if (r.status !== 201) throw new Error(`create config: ${r.status} ${JSON.stringify(r.body)}`);
    configs.push({ id: r.body.id, guid: r.body.guid, version: r.body.version, companyGuid: company.body.guid, token: await api.signIn(`load${i}@load.test`) });
  }
  // A few configs at a time: setup, not measured.
  const queue = [...configs];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      for (const slug of STRUCTURE_STAGES) {
        const r = await api.call<{ version: number }>('PUT', `/api/companies/${c.companyGuid}/configs/${c.guid}`, { token: c.token, body: { slug, data: doc[slug], state: 'draft', version: c.version } });
        if (r.status !== 200) throw new Error(`fill ${slug}: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
        c.version = r.body.version;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return configs;
}

/** The single writer: `runs` edits in a row on one config; round trip and server time of each (ms). */
async function serialWrites(api: Api, c: Config, doc: ConfigDocument, from: number, runs: number, compressed: boolean, answer: 'changed' | 'all' = 'changed', wire: 'patches' | 'data' = 'patches'): Promise<{ times: number[]; server: number[] }> {
  const times: number[] = [];
  const server: number[] = [];
  // As the app writes: the answer carries only the stages the write changed, without the written
  // stage when it was stored as sent (?data=changed&echo=false).
  const query = answer === 'changed' ? '?data=changed&echo=false' : '';
  const hours = doc[EDITED] as unknown as Hours;
  for (let n = from; n < from + runs; n++) {
    const r = await api.call<{ version: number }>('PUT', `/api/companies/${c.companyGuid}/configs/${c.guid}${query}`, {
      token: c.token,
      compressed,
      body: { slug: EDITED, state: 'draft', version: c.version, ...(wire === 'patches' ? { patches: editPatches(hours.hours.length, n) } : { data: editedHours(hours, n) }) },
    });
    if (r.status !== 200) throw new Error(`write ${n}: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
    c.version = r.body.version;
    times.push(r.ms);
    if (r.server === undefined) throw new Error('the stage write sent no Server-Timing header');
    server.push(r.server);
  }
  return { times, server };
}

/**
 * The engine alone on the same write: writeStage of the same edit on the same document, in this
 * process, as the server runs it: the stored stage (frozen, as the server keeps it) with the app's
 * patch applied (applyStagePatches), then writeStage.
 */
function engineWrites(doc: ConfigDocument, runs: number): number[] {
  const stages = stageCatalogue.map((s) => s.slug);
  const states = Object.fromEntries(STRUCTURE_STAGES.map((s) => [s, 'draft' as const]));
  let config: ConfigSnapshot = { version: 1, doc: Object.freeze(Object.fromEntries(STRUCTURE_STAGES.map((s) => [s, deepFreeze(structuredClone(doc[s]))]))), states, stages };
  const hours = (doc[EDITED] as unknown as Hours).hours.length;
  const times: number[] = [];
  for (let n = 0; n < runs; n++) {
    const t0 = performance.now();
    const data = applyStagePatches(config.doc[EDITED] as Record<string, unknown>, editPatches(hours, n));
    const r = writeStage({ config, slug: EDITED, data, state: 'draft', permissions: ['edit configs'], baseVersion: config.version });
    times.push(performance.now() - t0);
    if (!r.ok) throw new Error(`engine write ${n}: ${r.message}`);
    config = { ...r.config, states };
  }
  return times;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** A writer's next edit as the app sends it: one opening time, the other of two times each write. */
const patchBody = (c: Config) =>
  `{"slug":"${EDITED}","state":"draft","version":${c.version},"patches":[{"op":"replace","path":"/hours/0/days/monday/open","value":"${c.version % 2 ? '08:30' : '09:15'}"}]}`;

interface Concurrent { perSecond: number; p50: number; p99: number; requests: number; errors: number; statuses: Record<string, number>; failures: Map<string, number>; cpu: string }

/** One HTTP request on `agent` (one keep-alive connection per writer); status and body text. */
function send(agent: Agent, url: URL, method: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = request({ agent, host: url.hostname, port: url.port, method, path, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => resolve({ status: 0, text: String(err) }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout after 10 s')));
    req.on('error', (err) => resolve({ status: 0, text: String(err) }));
    req.end(body);
  });
}

/**
 * `configs.length` writers at once, each its own dealer on its own config over its own keep-alive
 * connection, each sending its next edit as soon as the last is answered (a closed loop, as
 * autocannon drives; autocannon itself shares one built request between its connections, which
 * cannot carry a per-writer version).
 */
/** `serverMarker`: what the server's command line holds, for its CPU time (bench/cpu.ts). */
export async function concurrentWrites(api: Api, configs: Config[], doc: ConfigDocument, seconds: number, pauseMs = 0, refresh = true, wire: 'patches' | 'data' = 'patches', serverMarker = 'bench/server-process'): Promise<Concurrent> {
  // Versions as stored now (nothing is in flight between runs).
  if (refresh) for (const c of configs) c.version = (await api.call<{ version: number }>('GET', `/api/configs/${c.id}`, { token: c.token })).body.version;
  const hours = doc[EDITED] as unknown as Hours;
  const edits = [0, 1].map((n) => JSON.stringify(editedHours(hours, n)));
  const url = new URL(api.url);
  const failures = new Map<string, number>();
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const cpuBefore = cpuByProcess(serverMarker);
  const end = performance.now() + seconds * 1000;
  const began = performance.now();
  await Promise.all(
    configs.map(async (c) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      // Paced writers start at random moments within one pause, as people do (not all at once).
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs * Math.random()));
      try {
        while (performance.now() < end) {
          const body = wire === 'patches' ? patchBody(c) : `{"slug":"${EDITED}","state":"draft","version":${c.version},"data":${edits[c.version % 2]}}`;
          const t0 = performance.now();
          const r = await send(agent, url, 'PUT', `/api/companies/${c.companyGuid}/configs/${c.guid}?data=changed&echo=false`, { 'content-type': 'application/json', authorization: `Bearer ${c.token}` }, body);
          latencies.push(performance.now() - t0);
          if (r.status === 200) {
            c.version = (JSON.parse(r.text) as { version: number }).version;
            if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs * (0.5 + Math.random())));
            continue;
          }
          statuses[String(r.status)] = (statuses[String(r.status)] ?? 0) + 1;
          const key = `${r.status} ${r.text.slice(0, 160)}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const took = (performance.now() - began) / 1000;
  const cpu = cpuPerWrite(cpuBefore, cpuByProcess(serverMarker), latencies.length);
  const errors = Object.values(statuses).reduce((a, b) => a + b, 0);
  return { perSecond: latencies.length / took, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), requests: latencies.length, errors, statuses, failures, cpu };
}

/** Pages of the history: newest (page 1), the oldest page, and 100 to a page; `runs` reads each. */
async function historyReads(api: Api, c: Config, runs: number) {
  const path = `/api/companies/${c.companyGuid}/configs/${c.guid}/history`;
  const first = await api.call<{ total?: number; data: unknown[] }>('GET', `${path}?page=1&perPage=25`, { token: c.token, compressed: true });
  if (first.status !== 200) throw new Error(`history: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
  const total = first.body.total ?? NaN;
  const last = Number.isFinite(total) ? Math.ceil(total / 25) : 40;
  const pages = [
    { name: 'page 1, 25 a page (newest)', query: 'page=1&perPage=25' },
    { name: `page ${last}, 25 a page (oldest)`, query: `page=${last}&perPage=25` },
    { name: 'page 1, 100 a page', query: 'page=1&perPage=100' },
  ];
  const out: Array<{ name: string; p50: number; p95: number; rows: number; kb: number }> = [];
  for (const p of pages) {
    const times: number[] = [];
    let rows = 0;
    let kb = 0;
    for (let i = 0; i < runs + 5; i++) {
      const r = await api.call<{ data: unknown[] }>('GET', `${path}?${p.query}`, { token: c.token, compressed: true });
      if (r.status !== 200) throw new Error(`history ${p.query}: ${r.status}`);
      rows = r.body.data.length;
      kb = JSON.stringify(r.body).length / 1024;
      if (i >= 5) times.push(r.ms);
    }
    out.push({ name: p.name, p50: quantile(times, 0.5), p95: quantile(times, 0.95), rows, kb });
  }
  return { total, pages: out };
}

/**
 * The same closed loop against the write floors (bench/write-floor.ts) on the same PostgreSQL
 * server: the portal's req/s as a share of each floor's, and whether the floor itself is within
 * the budget.
 */
async function floors(databaseUrl: string, writers: number, doc: ConfigDocument, seconds: number, portal: Concurrent, log: (line: string) => void) {
  // 'patch': the request itself only the edit, as the app sends it.
  for (const mode of ['whole', 'field', 'patch'] as const) {
    const floor = await startWriteFloor(databaseUrl, mode === 'patch' ? 'field' : mode, writers, JSON.stringify(doc[EDITED]));
    try {
      const configs: Config[] = floor.guids.map((guid) => ({ id: 0, guid, version: 1, companyGuid: 'floor', token: 'none' }));
      const api = new Api(floor.url);
      const wire = mode === 'patch' ? 'patches' : 'data';
      await concurrentWrites(api, configs, doc, 2, 0, false, wire, 'bench/write-floor');
      const f = await concurrentWrites(api, configs, doc, seconds, 0, false, wire, 'bench/write-floor');
      const what = {
        whole: 'the stage stored whole (one row per stage, as the spec stores it)',
        field: 'only the edited field written into the stored stage (jsonb_set, as the portal does)',
        patch: 'as field, from requests carrying only the edit (a JSON patch of ~150 bytes, as the app sends it)',
      }[mode];
      log(`    floor: bare Fastify + one statement, same bodies and writers, ${what}: ${f.perSecond.toFixed(0)} writes/s, p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, errors ${f.errors}; the portal ${(portal.perSecond / f.perSecond).toFixed(2)} of its writes/s; the floor itself ${f.p99 < 100 ? 'within' : 'NOT within'} the p99 budget${f.cpu ? `; ${f.cpu}` : ''}`);
    } finally {
      await floor.stop();
    }
  }
}

/** The whole suite on one database (null: PGlite). */
export async function runConfigWrites(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  await loadStageValidators(); // as the server does when it starts
  const writers = Number(process.env.BENCH_WRITES_CONNECTIONS ?? 50);
  const writes = Number(process.env.BENCH_WRITES ?? 1000);
  const seconds = Number(process.env.BENCH_WRITES_SECONDS ?? 10);
  const doc = filledConfig();
  const server = await startServerProcess({ databaseUrl, users: writers });
  try {
    const api = new Api(server.url);
    const began = Date.now();
    const configs = await fillConfigs(api, writers, doc);
    const size = JSON.stringify(Object.fromEntries(STRUCTURE_STAGES.map((s) => [s, doc[s]]))).length;
    log(`${server.database}: ${writers} configs of 30 locations, ${STRUCTURE_STAGES.length} stages filled (${(size / 1024).toFixed(0)} KB of stage data each), set up in ${((Date.now() - began) / 1000).toFixed(1)} s`);

    // One writer. A warm-up first (JIT, pools, the server's caches), then the measured edits.
    const solo = configs[0];
    await serialWrites(api, solo, doc, 0, 50, false);
    const { times: plain, server: plainServer } = await serialWrites(api, solo, doc, 50, writes, false);
    const { times: zipped } = await serialWrites(api, solo, doc, 50 + writes, Math.max(50, Math.round(writes / 5)), true);
    const { times: whole, server: wholeServer } = await serialWrites(api, solo, doc, 50 + writes + 1000, Math.max(50, Math.round(writes / 5)), false, 'all');
    const { times: sentWhole, server: sentWholeServer } = await serialWrites(api, solo, doc, 50 + writes + 2000, Math.max(50, Math.round(writes / 5)), false, 'changed', 'data');
    engineWrites(doc, 20); // warm-up
    const engineTimes = engineWrites(doc, 200);
    const answer = await api.call('GET', `/api/configs/${solo.id}`, { token: solo.token });
    const answerKb = JSON.stringify(answer.body).length / 1024;
    // An edit of one opening time cascades nowhere and is stored as sent: the app's answer has no stage data.
    const changedKb = JSON.stringify({ ...(answer.body as Json), data: {} }).length / 1024;
    const stageKb = JSON.stringify(doc[EDITED]).length / 1024;
    log(`  one writer, ${EDITED} edits (one opening time each, sent as the app sends it: a JSON patch of ${JSON.stringify(editPatches((doc[EDITED] as unknown as Hours).hours.length, 0)).length} bytes, not the ${stageKb.toFixed(0)} KB stage; the answer as the app asks for it ${changedKb.toFixed(1)} KB of JSON, the whole config ${answerKb.toFixed(0)} KB):`);
    log(`    PUT server time (its Server-Timing: request in to answer ready), uncompressed: median ${ms(quantile(plainServer, 0.5))}, p95 ${ms(quantile(plainServer, 0.95))}, ${plainServer.length} writes  [budget: median < 20 ms] ${verdict(quantile(plainServer, 0.5) < 20)}`);
    log(`    PUT round trip seen by the client (with its own JSON in and out), uncompressed: median ${ms(quantile(plain, 0.5))}, p95 ${ms(quantile(plain, 0.95))}`);
    log(`    PUT round trip, compressed as the browser asks: median ${ms(quantile(zipped, 0.5))}, p95 ${ms(quantile(zipped, 0.95))}, ${zipped.length} writes`);
    log(`    against: the whole config in every answer (no ?data=changed), uncompressed: round trip median ${ms(quantile(whole, 0.5))}, p95 ${ms(quantile(whole, 0.95))}; server time median ${ms(quantile(wholeServer, 0.5))}; ${whole.length} writes`);
    log(`    against: the whole stage sent (as before patches), uncompressed: round trip median ${ms(quantile(sentWhole, 0.5))}, p95 ${ms(quantile(sentWhole, 0.95))}; server time median ${ms(quantile(sentWholeServer, 0.5))}; ${sentWhole.length} writes`);
    log(`    against: the engine alone (the patch applied to the stored stage, then writeStage), same edit and document: median ${ms(quantile(engineTimes, 0.5))}, p95 ${ms(quantile(engineTimes, 0.95))}`);

    const history = await historyReads(api, solo, 50);
    log(`  history of that config (${history.total} revisions), 50 reads each:`);
    for (const p of history.pages) log(`    ${p.name}: median ${ms(p.p50)}, p95 ${ms(p.p95)} (${p.rows} rows, ${p.kb.toFixed(1)} KB of JSON)  [budget: < 50 ms] ${verdict(p.p95 < 50)}`);

    await concurrentWrites(api, configs, doc, 2);
    const c = await concurrentWrites(api, configs, doc, seconds);
    const other = Object.entries(c.statuses).map(([code, n]) => `${code}: ${n}`).join(', ');
    const budget = server.database === 'PostgreSQL' ? `[budget: p99 < 100 ms, zero errors] ${verdict(c.p99 < 100 && c.errors === 0)}` : `[budget: zero errors] ${verdict(c.errors === 0)}`;
    log(`  ${writers} writers at once, each on its own config, ${seconds} s: ${c.perSecond.toFixed(0)} writes/s, p50 ${ms(c.p50)}, p99 ${ms(c.p99)}, ${c.requests} writes, errors ${c.errors}${other ? ` (${other})` : ''}  ${budget}`);
    for (const [what, n] of c.failures) log(`    ${n} x ${what}`);
    if (c.cpu) log(`    ${c.cpu} (a closed loop on this machine is bound by the three together)`);
    log(`    against: one writer's median above (${ms(quantile(plain, 0.5))}): ${writers} writers queue for the same cores and database`);
    await concurrentWrites(api, configs, doc, 2, 0, true, 'data');
    const w = await concurrentWrites(api, configs, doc, seconds, 0, true, 'data');
    log(`    against: the same ${writers} writers sending the whole stage (as before patches): ${w.perSecond.toFixed(0)} writes/s, p50 ${ms(w.p50)}, p99 ${ms(w.p99)}, ${w.requests} writes, errors ${w.errors}`);
    if (databaseUrl) await floors(databaseUrl, writers, doc, seconds, c, log);
    // The same writers at the pace the app writes: an autosave 1.5 s after the last edit, so a
    // dealer typing without a break saves about once per 1.5 s plus the answer's time.
    const paced = await concurrentWrites(api, configs, doc, seconds, AUTOSAVE_MS);
    log(`    against: the same ${writers} writers at the app's pace (each waits ${AUTOSAVE_MS / 1000} s on average after its answer, as the autosave does): ${paced.perSecond.toFixed(0)} writes/s, p50 ${ms(paced.p50)}, p99 ${ms(paced.p99)}, ${paced.requests} writes, errors ${paced.errors}`);
  } finally {
    await server.stop(log);
  }
}

/** `npm run bench -- config-writes`. */
export async function benchConfigWrites(): Promise<void> {
  await runConfigWrites(null);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runConfigWrites(url);
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchConfigWrites();
}
