/**
 * Publishing a stage with its test cases (issue 56: "publish with 20 test cases < 1 s").
 *
 * The portal as its own process (bench/server-process.ts: a fresh demo database), signed in as
 * admin@demo.test ('edit admin configs'). Each publish is the real route: the draft is saved
 * (`PUT /api/stage-catalogue/locations/draft`, not timed), then `POST .../locations/publish` is
 * timed from here (send to answer). Three variants of the locations file:
 * - floor: the shipped file with no `tests` key;
 * - (a) 20 cases of its own, copies of the shipped cascade case `strip-removed-franchise` with other
 *   ids, names and franchises, all passing (201);
 * - (b) the same 20, the last expecting a franchise the cascade strips: refused (422).
 * Publish runs every stage's cases, so each variant runs twice: first with the other stages' shipped
 * cases in place (a real publish), then after every other stage's shipped file is published again
 * without `tests` through the same route (no file is edited), so only the draft's own cases run.
 * Cold: each variant's first publish (only (a)'s first is the first publish since the server started,
 * the worker's first task); warm: median and p95 of BENCH_PUBLISH_RUNS (20) more.
 *
 * Run: `npm run bench -- stage-publish`. PGlite; PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server.
 */
import { fileURLToPath } from 'node:url';
import { stageFiles } from '../engine';
import type { StageTestCase } from '../engine/stages/test-cases';
import { Api } from './config-writes';
import { startServerProcess } from './server-process';

const STAGE = 'locations';
const CASES = 20;
const RUNS = Number(process.env.BENCH_PUBLISH_RUNS ?? 20);
const BUDGET_MS = 1000;

type StageFile = Record<string, unknown> & { tests?: StageTestCase[] };
type Variant = 'floor' | 'a' | 'b';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(s.length * q) - 1)] : NaN;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const withoutTests = (slug: string): StageFile => {
  const { tests: _tests, ...rest } = clone(stageFiles[slug]) as StageFile;
  return rest;
};

/** Case i: two locations, one franchise removed from each by the cascade (`failing`: expects it kept). */
function cascadeCase(i: number, failing: boolean): StageTestCase {
  const [fa, fb, gone] = [`f${i}a`, `f${i}b`, `f${i}x`];
  return {
    id: `bench-strip-${i}`,
    name: `Bench case ${i}: a removed franchise leaves both locations`,
    mode: 'draft',
    doc: { franchises: { franchises: [{ id: fa, name: `Make ${i} A` }, { id: fb, name: `Make ${i} B` }] } },
    data: { locations: [{ id: `l${i}a`, name: `Town ${i} A`, franchises: [fa, gone] }, { id: `l${i}b`, name: `Town ${i} B`, franchises: [gone, fb] }] },
    expect: { valid: true },
    after: { locations: { locations: [{ id: `l${i}a`, name: `Town ${i} A`, franchises: failing ? [fa, gone] : [fa] }, { id: `l${i}b`, name: `Town ${i} B`, franchises: [fb] }] } },
  };
}

function fileOf(variant: Variant): StageFile {
  const file = withoutTests(STAGE);
  if (variant !== 'floor') file.tests = Array.from({ length: CASES }, (_, i) => cascadeCase(i, variant === 'b' && i === CASES - 1));
  return file;
}

class Publisher {
  constructor(
    private readonly api: Api,
    private readonly token: string,
  ) {}

  /** Saves `file` as the stage's draft (not timed), publishes it; the publish's status and time. */
  async publish(slug: string, file: StageFile, note: string): Promise<{ status: number; ms: number; body: unknown }> {
    const stage = await this.api.call<{ draft: { revision: number } | null }>('GET', `/api/stage-catalogue/${slug}`, { token: this.token });
    const saved = await this.api.call<{ revision: number }>('PUT', `/api/stage-catalogue/${slug}/draft`, { token: this.token, body: { file, labels: {}, revision: stage.body.draft?.revision ?? 0 } });
    if (saved.status !== 200) throw new Error(`draft of ${slug}: ${saved.status} ${JSON.stringify(saved.body).slice(0, 300)}`);
    const r = await this.api.call('POST', `/api/stage-catalogue/${slug}/publish`, { token: this.token, body: { note, revision: saved.body.revision } });
    return { status: r.status, ms: r.ms, body: r.body };
  }
}

const EXPECTED: Record<Variant, number> = { floor: 201, a: 201, b: 422 };
const LABEL: Record<Variant, string> = { floor: 'floor: no tests key', a: `(a) ${CASES} passing cases`, b: `(b) ${CASES} cases, 1 failing` };

interface Row { others: string; variant: Variant; cold: number; warm: number[] }

async function measure(p: Publisher, variant: Variant, others: string): Promise<Row> {
  const file = fileOf(variant);
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const r = await p.publish(STAGE, file, `bench ${variant} ${i}`);
    if (r.status !== EXPECTED[variant]) throw new Error(`${variant} publish ${i}: ${r.status}, expected ${EXPECTED[variant]}: ${JSON.stringify(r.body).slice(0, 400)}`);
    times.push(r.ms);
  }
  return { others, variant, cold: times[0], warm: times.slice(1) };
}

export async function runStagePublish(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const portal = await startServerProcess({ databaseUrl, users: 0 });
  try {
    const api = new Api(portal.url);
    const p = new Publisher(api, await api.signIn('admin@demo.test'));
    const shipped = Object.values(stageFiles).reduce<number>((n, f) => n + ((f as StageFile).tests?.length ?? 0), 0);
    const ownShipped = (stageFiles[STAGE] as StageFile).tests?.length ?? 0;
    log(`stage publish on ${portal.database}: stage ${STAGE}; ${RUNS} warm publishes per variant (each after a draft save)`);
    const rows: Row[] = [];
    const othersShipped = `others' ${shipped - ownShipped} shipped cases`;
    for (const v of ['a', 'b', 'floor'] as const) rows.push(await measure(p, v, othersShipped));

    // Every other stage's shipped file published again without `tests`, through the same route.
    let stripped = 0;
    for (const slug of Object.keys(stageFiles)) {
      if (slug === STAGE || !(stageFiles[slug] as StageFile).tests) continue;
      const r = await p.publish(slug, withoutTests(slug), 'bench: no test cases');
      if (r.status !== 201) throw new Error(`stripping ${slug}'s cases: ${r.status} ${JSON.stringify(r.body).slice(0, 400)}`);
      stripped++;
    }
    log(`  ${stripped} other stages published again without their cases`);
    for (const v of ['floor', 'a', 'b'] as const) rows.push(await measure(p, v, 'no other cases'));

    log('');
    log(`| other stages | variant | answer | cold (first) | warm median | warm p95 | warm max | median / floor median |`);
    log(`|---|---|---|---|---|---|---|---|`);
    for (const r of rows) {
      const floor = rows.find((f) => f.others === r.others && f.variant === 'floor')!;
      const ratio = quantile(r.warm, 0.5) / quantile(floor.warm, 0.5);
      log(`| ${r.others} | ${LABEL[r.variant]} | ${EXPECTED[r.variant]} | ${ms(r.cold)} | ${ms(quantile(r.warm, 0.5))} | ${ms(quantile(r.warm, 0.95))} | ${ms(Math.max(...r.warm))} | ${ratio.toFixed(2)}x |`);
    }
    const a = rows.filter((r) => r.variant === 'a').map((r) => quantile(r.warm, 0.95));
    const worst = Math.max(...a);
    log('');
    log(`warm (a) p95: ${a.map(ms).join(' / ')}: ${worst < BUDGET_MS ? 'under' : 'OVER'} the ${BUDGET_MS} ms budget`);
    log(`(the cold (a) row with the others' shipped cases is the first publish since the server started)`);
  } finally {
    await portal.stop(log);
  }
}

/** `npm run bench -- stage-publish`. */
export async function benchStagePublish(): Promise<void> {
  await runStagePublish(null);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runStagePublish(url);
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchStagePublish();
}
