import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MikroORM } from '@mikro-orm/postgresql'
import { ormOptions } from './orm-options.ts'
import { openStore, storeOnOrm, type Store } from './store.ts'
import { scratchDatabase } from './test-support/scratch-database.ts'

/**
 * Cairn in a host's database: its tables, its change feed and its job queue in one schema of its
 * own (`cairn` by default), the host's tables left alone, and a schema it must not use refused
 * before anything is created.
 */
describe("a store in a host's PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>
  const opened: Store[] = []

  /** The tables, views and sequences of each schema but the system's, as `schema.name`. */
  async function relations(): Promise<string[]> {
    const rows = await query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'S') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
       order by 1`,
    )
    return rows.map((row) => row.name)
  }

  async function schemas(): Promise<string[]> {
    const rows = await query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by 1`,
    )
    return rows.map((row) => row.name)
  }

  const query = <T extends object>(sql: string) => database.query<T>(sql)

  async function open(schema?: string): Promise<Store> {
    const store = await openStore({ kind: 'postgres', url: database.url, ...(schema !== undefined && { schema }) })
    opened.push(store)
    return store
  }

  beforeEach(async () => {
    database = await scratchDatabase()
    await database.execute(`create table public.users (id serial primary key, login text not null)`)
    await database.execute(`insert into public.users (login) values ('host-user')`)
  }, 30_000)

  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close()
    await database.drop()
  })

  it('keeps its tables, change feed and job queue in schema cairn by default, and leaves the host’s users table alone', async () => {
    const store = await open()
    await store.migrate()
    await store.unitOfWork.run(({ toolVersions }) => toolVersions.findById('none'))
    await store.changes.announce()
    const queue = await store.openJobQueue((error) => {
      throw error
    })
    try {
      const ran: string[] = []
      await queue.define({ name: 'probe', retryLimit: 0, retryDelaySeconds: 1, timeoutSeconds: 30 })
      await queue.work('probe', async (payload) => void ran.push(JSON.stringify(payload)))
      await queue.enqueue('probe', { id: 'one' }, 'one')
      await vi.waitFor(() => expect(ran).toEqual(['{"id":"one"}']), { timeout: 20_000, interval: 100 })
    } finally {
      await queue.stop()
    }

    const all = await relations()
    expect(all.filter((name) => !name.startsWith('cairn.'))).toEqual(['public.users', 'public.users_id_seq'])
    expect(all).toEqual(expect.arrayContaining(['cairn.users', 'cairn.sessions', 'cairn.mikro_orm_migrations', 'cairn.store_changes']))
    // pg-boss's tables, beside Cairn's.
    expect(all).toEqual(expect.arrayContaining(['cairn.job', 'cairn.queue', 'cairn.version']))
    expect(await schemas()).not.toContain('pgboss')
    expect(await query('select id, login from public.users')).toEqual([{ id: 1, login: 'host-user' }])
    expect(await query<{ value: string }>('select last_value as value from cairn.store_changes')).toEqual([{ value: '1' }])

    // Opened again, it finds its own tables and nothing to apply.
    expect(await (await open()).migrate()).toEqual([])
  }, 60_000)

  it("refuses a schema holding the host's own users table, naming both, and creates nothing", async () => {
    await database.execute(`create schema app`)
    await database.execute(`create table app.users (id serial primary key)`)
    await database.execute(`create table app.orders (id serial primary key)`)
    const before = await relations()
    const store = await open('app')
    await expect(store.migrate()).rejects.toMatchObject({
      code: 'invalid',
      message: expect.stringContaining(`schema "app" already holds tables that are not Cairn's: users`),
      fields: [{ field: 'schema' }],
    })
    expect(await relations()).toEqual(before)
  }, 60_000)

  it('refuses the default schema while Cairn’s tables are in public from an earlier version, and creates nothing', async () => {
    await database.execute(`drop table public.users`)
    expect(await (await open('public')).migrate()).not.toEqual([])
    const before = await schemas()
    await expect((await open()).migrate()).rejects.toMatchObject({
      code: 'invalid',
      message: expect.stringContaining(`Cairn's tables are in schema "public"`),
    })
    expect(await schemas()).toEqual(before)
  }, 60_000)

  it("puts its tables and job queue in the schema of a host's MikroORM instance, not in public", async () => {
    const orm = await MikroORM.init({ ...ormOptions(), clientUrl: database.url, schema: 'app_cairn' })
    try {
      const store = storeOnOrm(orm)
      await store.migrate()
      await store.unitOfWork.run(({ toolVersions }) => toolVersions.findById('none'))
      const queue = await store.openJobQueue(() => undefined)
      await queue.stop()
      await store.close()
    } finally {
      await orm.close(true)
    }
    const all = await relations()
    expect(all.filter((name) => !name.startsWith('app_cairn.'))).toEqual(['public.users', 'public.users_id_seq'])
    expect(all).toEqual(expect.arrayContaining(['app_cairn.users', 'app_cairn.mikro_orm_migrations', 'app_cairn.job']))
  }, 60_000)

  it('keeps the layout of earlier versions in public: the job queue in pgboss', async () => {
    await database.execute(`drop table public.users`)
    const store = await open('public')
    await store.migrate()
    const queue = await store.openJobQueue(() => undefined)
    await queue.stop()
    expect(await schemas()).toEqual(expect.arrayContaining(['pgboss', 'public']))
    expect((await relations()).filter((name) => name.startsWith('public.job'))).toEqual([])
  }, 60_000)
})
