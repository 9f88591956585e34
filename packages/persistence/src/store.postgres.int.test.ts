import { storeContracts } from '@cairn/testing/contracts'
import { randomBytes } from 'node:crypto'
import { MikroORM } from '@mikro-orm/postgresql'
import { openStore } from './store.ts'
import { postgresUrl } from './test-support/postgres-url.ts'

// Each run gets a schema of its own in the test database, dropped afterwards.
storeContracts('PostgreSQL', async () => {
  const url = postgresUrl()
  const schema = `cairn_test_${randomBytes(6).toString('hex')}`
  const store = await openStore({ kind: 'postgres', url, schema })
  await store.migrate()
  return {
    unitOfWork: store.unitOfWork,
    reset: () => store.clear(),
    async dispose() {
      await store.close()
      const admin = await MikroORM.init({ clientUrl: url, entities: [], discovery: { warnWhenNoEntities: false } })
      await admin.em.execute(`drop schema if exists "${schema}" cascade`)
      await admin.close(true)
    },
  }
})
