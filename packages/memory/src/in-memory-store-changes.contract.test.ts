import { storeChangesContract } from '@cairn/testing/contracts'
import { InMemoryStoreChanges } from './in-memory-store-changes.ts'

// Processes built over one in-memory feed share it, as processes share a database.
storeChangesContract('in-memory', async () => {
  const feed = new InMemoryStoreChanges()
  return { here: feed, elsewhere: feed, boundMs: 0, startMs: 0, async dispose() {} }
})
