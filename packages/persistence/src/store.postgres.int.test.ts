import { storeContracts } from '@cairn/testing/contracts'
import { afterAll } from 'vitest'
import { openStore, type Store } from './store.ts'
import { freshSchema } from './test-support/postgres-schema.ts'

// One schema of the test database for every suite of this file, emptied before each test and
// dropped afterwards.
let opened: Promise<{ store: Store; drop: () => Promise<void> }> | undefined

afterAll(async () => {
  if (opened === undefined) return
  const { store, drop } = await opened
  await store.close()
  await drop()
})

storeContracts('PostgreSQL', async () => {
  opened ??= freshSchema().then(async ({ url, schema, drop }) => {
    const store = await openStore({ kind: 'postgres', url, schema })
    await store.migrate()
    return { store, drop }
  })
  const { store } = await opened
  return { unitOfWork: store.unitOfWork, reset: () => store.clear(), async dispose() {} }
})
