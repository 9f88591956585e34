import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends the run with one plain line, `Tests: N passed, N failed, N skipped`, a form that any CI
 * can read, whatever the default reporter's layout.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const { state } = test.result()
        if (state === 'passed') counts.passed += 1
        else if (state === 'failed') counts.failed += 1
        else counts.skipped += 1
      }
    }
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`)
  }
}
