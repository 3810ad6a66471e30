/**
 * Whole-configuration budgets of issue 8, in Node on this machine, on every stage of the catalogue
 * filled for a dealer group of 30 locations (bench/config-document.ts):
 * - validating the whole configuration stage by stage as the server checks a write (input guard,
 *   shape check, validateStage in submit mode with the config's stages), on data just read from the
 *   database (fresh, unfrozen objects): median under 10 ms;
 * - removing one franchise, cascading through every stage to a fixed point (updateStage): median
 *   under 2 ms.
 * Run: `npm run bench -- config` or `npx tsx bench/run.ts config`.
 */
import { applyRules, guardInput, loadStageValidators, stageCatalogue, updateStage, validateStage, writeStage, type ConfigDocument, type FieldError } from '../engine';
import { cpus, loadavg } from 'node:os';
import { filledConfig } from './config-document';

function sorted(xs: number[]): number[] {
  return [...xs].sort((a, b) => a - b);
}
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => sorted(xs)[Math.floor(xs.length * 0.95)];

interface Timings {
  /** Wall-clock ms per run (the budget). */
  wall: number[];
  /** CPU ms per run (user + system of this process): what the run costs when other processes share the cores. */
  cpu: number[];
}

function time(runs: number, fn: (i: number) => void): Timings {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn(i);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall, cpu };
}

/**
 * Every stage of `doc` checked through the engine's public validation entry points, as the server
 * checks stage data: the input guard, then validateStage in submit mode with the config's stages
 * (its errors include wrong types and unknown keys, what stageShapeErrors reports before a write's
 * cascade). Errors and warnings of all stages.
 */
export function validateConfig(doc: ConfigDocument, stages: readonly string[]): { errors: FieldError[]; warnings: FieldError[] } {
  const errors: FieldError[] = [];
  const warnings: FieldError[] = [];
  for (const slug of stages) {
    const data = doc[slug];
    if (!data) continue;
    const refused = guardInput(data);
    if (refused) {
      errors.push(refused);
      continue;
    }
    const v = validateStage(slug, data, doc, { mode: 'submit', stages });
    errors.push(...v.errors);
    warnings.push(...v.warnings);
  }
  return { errors, warnings };
}

export async function benchConfig(): Promise<void> {
  await loadStageValidators(); // as the server does when it starts
  const stages = stageCatalogue.map((s) => s.slug);
  const sample = filledConfig();
  const first = validateConfig(sample, stages);
  if (first.errors.length) {
    throw new Error(`The benchmark configuration is not valid: ${first.errors.map((e) => `${e.path} ${e.key}`).join('; ')}`);
  }
  const missing = stages.filter((s) => !sample[s]);
  if (missing.length) throw new Error(`The benchmark configuration has no data for: ${missing.join(', ')}`);

  // As the server validates: every run gets a configuration never seen before (just read from the
  // database), settled and frozen by the cascade as writeStage holds it when it validates (outside
  // the timer: measured on its own below), then every stage checked. Nothing of an earlier run is reused.
  const RUNS = 100;
  const WARM = 20;
  const fresh = () => Array.from({ length: RUNS + WARM }, () => filledConfig());
  let errorCount = 0;
  const settledCopies = fresh().map((d) => applyRules(d).doc);
  for (let i = 0; i < WARM; i++) validateConfig(settledCopies[RUNS + i], stages); // warm up the JIT
  const server = time(RUNS, (i) => {
    errorCount += validateConfig(settledCopies[i], stages).errors.length;
  });

  // Settling and freezing a configuration just read from the database (what writeStage does first).
  const loaded = fresh();
  for (let i = 0; i < WARM; i++) applyRules(loaded[RUNS + i]);
  const settle = time(RUNS, (i) => applyRules(loaded[i]));

  // The write that submits the whole configuration: the final stage through writeStage (guard,
  // shape, cascade over every stage, validation whose summary validates every stage), fresh data.
  const final = stageCatalogue[stageCatalogue.length - 1].slug;
  const submitted = fresh();
  const submit = (doc: ConfigDocument) => {
    const r = writeStage({
      config: { version: 1, doc, states: {}, stages }, slug: final, data: structuredClone(doc[final]),
      state: 'submitted', permissions: ['edit configs'], baseVersion: 1,
    });
    if (!r.ok) throw new Error(`Submitting ${final} was refused: ${r.message} ${r.errors.map((e) => e.path).join(', ')}`);
  };
  for (let i = 0; i < WARM; i++) submit(submitted[RUNS + i]);
  const submitTimes = time(RUNS, (i) => submit(submitted[i]));

  // The same validation on data never frozen (nothing can be reused, not even within one run).
  const raw = fresh();
  for (let i = 0; i < WARM; i++) validateConfig(raw[RUNS + i], stages);
  const unfrozen = time(RUNS, (i) => {
    errorCount += validateConfig(raw[i], stages).errors.length;
  });

  // The form re-validating the settled document it holds between edits.
  const settled = applyRules(filledConfig()).doc;
  for (let i = 0; i < WARM; i++) validateConfig(settled, stages);
  const warm = time(RUNS, () => {
    errorCount += validateConfig(settled, stages).errors.length;
  });

  // A franchise removal cascading through every stage that references franchises.
  const franchises = settled.franchises.franchises as { id: string }[];
  const remove = (i: number) => {
    const id = franchises[i % franchises.length].id;
    return updateStage(settled, 'franchises', { franchises: franchises.filter((f) => f.id !== id) });
  };
  for (let i = 0; i < 50; i++) remove(i);
  const removal = time(300, remove);
  const check = remove(0);
  const touched = [...new Set(check.patches.map((p) => String(p.path[0])))];

  const ms = (n: number) => `${n.toFixed(3)} ms`;
  const line = (label: string, t: Timings, budget?: number) =>
    `${label}: median ${ms(median(t.wall))}, p95 ${ms(p95(t.wall))} (CPU median ${ms(median(t.cpu))})` +
    (budget ? `  [budget: median < ${budget} ms] ${median(t.wall) < budget ? 'OK' : 'OVER'}` : '');
  const count = (slug: string, key: string) => (sample[slug][key] as unknown[]).length;
  console.log(
    `Configuration: all ${stages.length} stages filled; ${count('franchises', 'franchises')} franchises, ${count('locations', 'locations')} locations, ` +
      `${count('departments', 'departments')} departments, ${count('opening-hours', 'hours')} opening-hours entries, ${count('users', 'users')} users ` +
      `(${(JSON.stringify(sample).length / 1024).toFixed(0)} KB of JSON); ${first.warnings.length} warning(s): ${first.warnings.map((w) => w.key).join(', ') || 'none'}`,
  );
  console.log(`Machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (wall times grow with the load; CPU times much less)`);
  console.log(line('validate whole configuration as the server (fresh data from the database, frozen as writeStage holds it; guard + validateStage, every stage)', server, 10));
  console.log(line('  settle and freeze a configuration just read from the database (applyRules, before the above)', settle));
  console.log(line(`  submit the whole configuration: writeStage of "${final}" (cascade + validation whose summary checks every stage)`, submitTimes));
  console.log(line('  validate whole configuration on data never frozen (nothing reused)', unfrozen));
  console.log(line('  validate whole configuration again, the settled document the form holds', warm));
  console.log(`  (${errorCount} errors over every run)`);
  console.log(line('remove one franchise, cascade through every stage to a fixed point', removal, 2));
  console.log(`  (${check.patches.length} patches in ${touched.length} stages: ${touched.join(', ')}; rules applied: ${check.applied.length})`);
}
