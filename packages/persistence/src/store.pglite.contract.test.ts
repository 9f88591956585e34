import { storeContracts } from '@cairn/testing/contracts'
import { afterAll } from 'vitest'
import { openStore, type Store } from './store.ts'

// One database for every suite, emptied before each test: starting PGlite takes a second or two.
let opened: Promise<Store> | undefined

afterAll(async () => {
  await (await opened)?.close()
})

storeContracts('PGlite', async () => {
  opened ??= openStore({ kind: 'pglite' }).then(async (store) => {
    await store.migrate()
    return store
  })
  const store = await opened
  return { unitOfWork: store.unitOfWork, reset: () => store.clear(), async dispose() {} }
})
