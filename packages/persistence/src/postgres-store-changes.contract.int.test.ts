import { storeChangesContract } from '@cairn/testing/contracts'
import { afterAll } from 'vitest'
import { CHANGE_POLL_MS } from './postgres-store-changes.ts'
import { openStore, type StoreLocation } from './store.ts'
import { freshSchema } from './test-support/postgres-schema.ts'

// One migrated schema for the file; each test opens two stores on it, as two processes would.
let schema: Promise<{ location: StoreLocation; drop: () => Promise<void> }> | undefined

afterAll(async () => {
  await (await schema)?.drop()
})

storeChangesContract('PostgreSQL', async () => {
  schema ??= freshSchema().then(async ({ url, schema, drop }) => {
    const location = { kind: 'postgres', url, schema } as const
    const store = await openStore(location)
    await store.migrate()
    await store.close()
    return { location, drop }
  })
  const { location } = await schema
  const [here, elsewhere] = [await openStore(location), await openStore(location)]
  return {
    here: here.changes,
    elsewhere: elsewhere.changes,
    // A read may run just before the announcement: the next one, a poll later, finds it.
    boundMs: 2 * CHANGE_POLL_MS,
    // The first read, a poll after subscribing, tells in any case: whatever was cached before may predate a write.
    startMs: CHANGE_POLL_MS + 500,
    async dispose() {
      await here.close()
      await elsewhere.close()
    },
  }
})
