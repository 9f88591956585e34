import { storeContracts } from '@cairn/testing/contracts'
import { openStore } from './store.ts'

storeContracts('PGlite', async () => {
  const store = await openStore({ kind: 'pglite' })
  await store.migrate()
  return { unitOfWork: store.unitOfWork, reset: () => store.clear(), dispose: () => store.close() }
})
