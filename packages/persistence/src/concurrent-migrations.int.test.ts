import { afterEach, describe, expect, it } from 'vitest'
import { migrationsList } from './migrations/index.ts'
import { openStore, type Store } from './store.ts'
import { scratchDatabase } from './test-support/scratch-database.ts'

describe('migrations started by several processes at once', () => {
  const cleanup: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step()
  })

  it('apply every migration once on a fresh database, and each process finds the schema complete', async () => {
    // A database of its own: pg_trgm is not installed yet, as on a new installation.
    const database = await scratchDatabase()
    cleanup.push(database.drop)
    const stores: Store[] = []
    for (let i = 0; i < 3; i++) {
      const store = await openStore({ kind: 'postgres', url: database.url })
      cleanup.push(() => store.close())
      stores.push(store)
    }

    const applied = await Promise.all(stores.map((store) => store.migrate()))

    // Exactly one process applied them; the others, once it was done, found nothing left to apply.
    expect(applied.flat().sort()).toEqual(migrationsList.map((migration) => migration.name).sort())
    for (const store of stores) await expect(store.migrate()).resolves.toEqual([])
    // Three starts one after another: seconds on a busy machine.
  }, 60_000)
})
