import { configDefaults, defineConfig } from 'vitest/config'

/** Tests that stop shared services (the machine's PostgreSQL): they run alone, after the rest. */
const FAULT_TESTS = '**/*.fault.test.ts'

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      { test: { name: '@cairn/server', root: './apps/server', exclude: [...configDefaults.exclude, FAULT_TESTS] } },
      { test: { name: 'faults', root: './apps/server', include: [FAULT_TESTS], fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
})
