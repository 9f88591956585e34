import { MikroORM } from '@mikro-orm/postgresql'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ormOptions } from './orm-options.ts'
import { CHANGE_POLL_MS } from './postgres-store-changes.ts'
import { openStore, storeOnOrm } from './store.ts'
import { scratchDatabase } from './test-support/scratch-database.ts'

/**
 * A host's MikroORM instance configured by host, port, user and database rather than a URL: the
 * job queue, which keeps a pool of its own, must still reach that database (and not the driver's
 * default one).
 */
describe('a store on a host ORM configured without a URL', () => {
  let database: { url: string; drop: () => Promise<void> }
  let orm: MikroORM

  beforeAll(async () => {
    database = await scratchDatabase()
    const url = new URL(database.url)
    orm = await MikroORM.init({
      ...ormOptions(),
      host: url.hostname,
      port: Number(url.port),
      user: decodeURIComponent(url.username),
      dbName: url.pathname.slice(1),
    })
  }, 60_000)

  afterAll(async () => {
    await orm?.close(true)
    await database?.drop()
  })

  it('opens its job queue in the same database, and the queue runs jobs', async () => {
    const store = storeOnOrm(orm)
    await store.migrate()
    const queue = await store.openJobQueue((error) => {
      throw error
    })
    try {
      const ran: string[] = []
      await queue.define({ name: 'probe', retryLimit: 0, retryDelaySeconds: 1, timeoutSeconds: 30 })
      await queue.work('probe', async (payload) => {
        ran.push(JSON.stringify(payload))
      })
      await queue.enqueue('probe', { id: 'one' }, 'one')
      await vi.waitFor(() => expect(ran).toEqual(['{"id":"one"}']), { timeout: 20_000, interval: 100 })
      // Beside the store's schema (`public`, the driver's default), in this database, where they always were.
      const [jobTables] = await orm.em.execute<{ count: string }[]>(
        "select count(*) as count from information_schema.tables where table_schema = 'pgboss'",
      )
      expect(Number(jobTables?.count)).toBeGreaterThan(0)
    } finally {
      await queue.stop()
    }
  }, 60_000)

  it('hears the writes another process announces on the database, and stops listening at close', async () => {
    const store = storeOnOrm(orm)
    await store.migrate()
    const other = await openStore({ kind: 'postgres', url: database.url, schema: 'public' })
    try {
      const heard = vi.fn()
      store.changes.subscribe(heard)
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1), { timeout: 3 * CHANGE_POLL_MS, interval: 50 })

      await other.changes.announce()
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2), { timeout: 3 * CHANGE_POLL_MS, interval: 50 })

      await store.close()
      await other.changes.announce()
      await sleep(2 * CHANGE_POLL_MS)
      expect(heard).toHaveBeenCalledTimes(2)
      await expect(orm.em.execute('select 1 as one')).resolves.toEqual([{ one: 1 }])
    } finally {
      await other.close()
    }
  }, 30_000)
})
