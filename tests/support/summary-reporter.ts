import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `Tests: N passed, N failed, N skipped`, after vitest's own
 * summary, so CI (which reads closing lines, and does not know vitest's format) can count the run,
 * and before it the slowest files and each project's total, so whoever keeps `npm test` under its budget knows where to look.
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
    const slowest = testModules
      .map((mod) => ({ file: `${mod.project.name} ${mod.relativeModuleId}`, ms: mod.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 12);
    process.stdout.write(`\nSlowest files:\n${slowest.map((s) => `  ${(s.ms / 1000).toFixed(1).padStart(6)} s  ${s.file}`).join('\n')}\n`);
    // The sum of the files' times per project: where the run's worker time goes.
    const perProject = new Map<string, { ms: number; files: number }>();
    for (const mod of testModules) {
      const entry = perProject.get(mod.project.name) ?? { ms: 0, files: 0 };
      entry.ms += mod.diagnostic().duration;
      entry.files += 1;
      perProject.set(mod.project.name, entry);
    }
    const projects = [...perProject].sort((a, b) => b[1].ms - a[1].ms);
    process.stdout.write(`\nWorker time per project:\n${projects.map(([name, p]) => `  ${(p.ms / 1000).toFixed(1).padStart(6)} s  ${name} (${p.files} files)`).join('\n')}\n`);
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
