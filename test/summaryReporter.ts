import type { Reporter, TestModule } from "vitest/node";

const SLOWEST = 15;

/**
 * Ends every run with the slowest test files (tests and hooks, seconds, by project) and one plain
 * line, `N passed, N failed, N skipped`, for tools that read it: the suite must stay within CI's
 * time, and this shows where it goes.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (mod.state() === "failed" && mod.children.size === 0) failed++;
    }
    const slowest = testModules
      .map((mod) => ({ mod, s: mod.diagnostic().duration / 1000 }))
      .sort((a, b) => b.s - a.s)
      .slice(0, SLOWEST);
    if (testModules.length > SLOWEST) {
      process.stdout.write(`\nslowest test files (tests and hooks):\n`);
      for (const { mod, s } of slowest)
        process.stdout.write(
          `  ${s.toFixed(1).padStart(7)} s  ${mod.project.name}  ${mod.relativeModuleId}\n`,
        );
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
