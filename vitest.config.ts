import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'examples/*'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
})
