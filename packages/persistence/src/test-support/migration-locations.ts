import type { StoreLocation } from '../store.ts'
import { scratchDatabase } from './scratch-database.ts'

/**
 * Where a migration's test runs it, for `describe.each`: embedded, and on the test PostgreSQL
 * server in a database of its own, with `drop()` to remove that.
 */
export const MIGRATION_LOCATIONS: readonly (readonly [string, () => Promise<{ location: StoreLocation; drop: () => Promise<void> }>])[] = [
  ['PGlite', async () => ({ location: { kind: 'pglite' }, drop: async () => undefined })],
  [
    'PostgreSQL',
    async () => {
      const database = await scratchDatabase()
      // `public`, as the migrations' tests seed the early tables by their bare names.
      return { location: { kind: 'postgres', url: database.url, schema: 'public' }, drop: database.drop }
    },
  ],
]
