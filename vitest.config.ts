import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'

/** Tests that stop shared services (the machine's PostgreSQL): they run alone, after the rest. */
const FAULT_TESTS = '**/*.fault.test.ts'

/**
 * Every workspace package as a project named after its package.json. Each has an explicit group
 * order: vitest ran a later group before a project left at the default one.
 */
function project(
  directory: string,
  test: {
    include?: string[]
    exclude?: string[]
    name?: string
    fileParallelism?: boolean
    groupOrder?: number
    expect?: { poll: { timeout: number } }
  } = {},
) {
  const { name } = JSON.parse(readFileSync(join(import.meta.dirname, directory, 'package.json'), 'utf8')) as { name: string }
  const { groupOrder = 1, ...rest } = test
  // Hooks create and drop databases and start and stop servers, which a loaded two-core machine slows past vitest's 10 s.
  return { test: { name, root: `./${directory}`, hookTimeout: 60_000, ...rest, sequence: { groupOrder } } }
}

const packages = readdirSync(join(import.meta.dirname, 'packages')).map((directory) => project(`packages/${directory}`))
const examples = readdirSync(join(import.meta.dirname, 'examples')).map((directory) => project(`examples/${directory}`))

export default defineConfig({
  test: {
    projects: [
      ...packages,
      ...examples,
      // Polls wait on real servers, browsers and job workers, which a loaded machine slows.
      project('apps/server', { exclude: [...configDefaults.exclude, FAULT_TESTS], expect: { poll: { timeout: 10_000 } } }),
      project('apps/server', { name: 'faults', include: [FAULT_TESTS], fileParallelism: false, groupOrder: 2 }),
    ],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
})
