import { openStore, type Store } from '../store.ts'
import { freshSchema } from './postgres-schema.ts'

/** A store opened for one test file, not yet migrated, with `dispose()` to close and remove it. */
export interface OpenedStore {
  readonly store: Store
  dispose(): Promise<void>
}

/**
 * Both stores, for `describe.each`: an in-memory PGlite, and PostgreSQL in a schema of its own
 * (see `freshSchema`), so that test files running side by side do not see each other's rows.
 */
export const STORES: [name: string, open: () => Promise<OpenedStore>][] = [
  [
    'PGlite',
    async () => {
      const store = await openStore({ kind: 'pglite' })
      return { store, dispose: () => store.close() }
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const { url, schema, drop } = await freshSchema()
      const store = await openStore({ kind: 'postgres', url, schema })
      return {
        store,
        async dispose() {
          await store.close()
          await drop()
        },
      }
    },
  ],
]
