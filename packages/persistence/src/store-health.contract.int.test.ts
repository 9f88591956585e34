import { healthCheckContract } from '@cairn/testing/contracts'
import { openStore } from './store.ts'
import { scratchDatabase } from './test-support/scratch-database.ts'

// The store's health check is no class of its own; it is held to the port all the same. The
// database is dropped from under a store that has connected (a first connection would create it
// again): its connections end, and new ones find nothing.
healthCheckContract('PostgreSQL store', async () => {
  const database = await scratchDatabase()
  const store = await openStore({ kind: 'postgres', url: database.url })
  await store.health.check()
  return {
    health: store.health,
    stopAnswering: () => database.drop(),
    async dispose() {
      await store.close()
      await database.drop()
    },
  }
})
