import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `Tests: N passed, N failed, N skipped`, after vitest's own
 * summary, so CI (which reads closing lines, and does not know vitest's format) can count the run,
 * and before it the 20 slowest files and each project's total, split into tests, hooks (setup and
 * teardown) and import, so whoever keeps `npm test` under its budget knows where to look. It also
 * counts what tests/support/test-meta.ts records on each test: the `expect` calls run (they must not
 * fall when tests are merged, issue 51) and the browser's page loads (the browser suite's main cost).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      // A file that failed to load, or whose beforeAll/afterAll hook threw (its tests then show
      // as skipped), has no failed test but is a failure all the same.
      if (mod.state() === 'failed' && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    // Where a file's time goes: its tests, its hooks (servers, browsers, databases started in
    // beforeAll and stopped in afterAll: the setup issue 51 asks to pay once), and importing it.
    const split = (mod: TestModule) => {
      const d = mod.diagnostic();
      const tests = [...mod.children.allTests()].reduce((ms, t) => ms + (t.diagnostic()?.duration ?? 0), 0);
      const load = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration;
      let expects = 0;
      let pageLoads = 0;
      for (const t of mod.children.allTests()) {
        expects += t.meta().expects ?? 0;
        pageLoads += t.meta().pageLoads ?? 0;
      }
      return { total: d.duration + load, tests, hooks: Math.max(0, d.duration - tests), load, expects, pageLoads };
    };
    const s = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
    const rows = testModules.map((mod) => ({ file: `${mod.project.name} ${mod.relativeModuleId}`, project: mod.project.name, ...split(mod) }));
    const slowest = [...rows].sort((a, b) => b.total - a.total).slice(0, 20);
    process.stdout.write(`\nSlowest files (total = tests + hooks + import):\n${slowest.map((r) => `  ${s(r.total)}  ${r.file}  (tests ${s(r.tests).trim()}, hooks ${s(r.hooks).trim()}, import ${s(r.load).trim()})`).join('\n')}\n`);
    // The sum of the files' times per project: where the run's worker time goes.
    const perProject = new Map<string, { total: number; tests: number; hooks: number; load: number; files: number; expects: number; pageLoads: number }>();
    for (const r of rows) {
      const entry = perProject.get(r.project) ?? { total: 0, tests: 0, hooks: 0, load: 0, files: 0, expects: 0, pageLoads: 0 };
      entry.expects += r.expects;
      entry.pageLoads += r.pageLoads;
      entry.total += r.total;
      entry.tests += r.tests;
      entry.hooks += r.hooks;
      entry.load += r.load;
      entry.files += 1;
      perProject.set(r.project, entry);
    }
    const projects = [...perProject].sort((a, b) => b[1].total - a[1].total);
    process.stdout.write(
      `\nWorker time per project (tests / hooks / import; expect calls; page loads):\n${projects.map(([name, p]) => `  ${s(p.total)}  ${name} (${p.files} files: ${s(p.tests).trim()} / ${s(p.hooks).trim()} / ${s(p.load).trim()}; ${p.expects} expects${p.pageLoads ? `; ${p.pageLoads} page loads` : ''})`).join('\n')}\n`,
    );
    const loading = rows.filter((r) => r.pageLoads > 0).sort((a, b) => b.pageLoads - a.pageLoads).slice(0, 15);
    if (loading.length) process.stdout.write(`\nMost page loads:\n${loading.map((r) => `  ${String(r.pageLoads).padStart(5)}  ${r.file}  (${s(r.total).trim()})`).join('\n')}\n`);
    // Setup paid per file (servers, databases, browsers, processes): what issue 51 asks to pay once.
    const setup = [...rows].sort((a, b) => b.hooks - a.hooks).slice(0, 10);
    process.stdout.write(`\nMost time in hooks (setup and teardown):\n${setup.map((r) => `  ${s(r.hooks)}  ${r.file}  (tests ${s(r.tests).trim()})`).join('\n')}\n`);
    const expects = rows.reduce((n, r) => n + r.expects, 0);
    process.stdout.write(`\nAssertions: ${expects} expect calls\n`);
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
