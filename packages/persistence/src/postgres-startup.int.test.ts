import { MikroORM } from '@mikro-orm/postgresql'
import { randomBytes } from 'node:crypto'
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ormOptions } from './orm-options.ts'
import { openStore, storeOnOrm } from './store.ts'
import { postgresUrl } from './test-support/postgres-url.ts'

/** The test server's URL with `change` applied: another port, role, password or database. */
function testServerWith(change: (url: URL) => void): string {
  const url = new URL(postgresUrl())
  change(url)
  return url.href
}

async function databaseExists(name: string): Promise<boolean> {
  const orm = await MikroORM.init({ clientUrl: postgresUrl(), entities: [], discovery: { warnWhenNoEntities: false } })
  try {
    return (await orm.em.execute('select 1 from pg_database where datname = ?', [name])).length > 0
  } finally {
    await orm.close(true)
  }
}

describe('opening a PostgreSQL store that cannot be used', () => {
  it('refuses an unreachable server at once: unavailable, naming host and port, never the password', async () => {
    const started = Date.now()
    const url = testServerWith((url) => {
      url.port = '1'
      url.password = 'pw-s3cret'
    })
    const error = await openStore({ kind: 'postgres', url }).catch((error: unknown) => error)
    expect(error).toMatchObject({ code: 'unavailable', message: expect.stringContaining('cannot reach PostgreSQL at 127.0.0.1:1') })
    expect(String((error as Error).message)).not.toContain('pw-s3cret')
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  describe('a server that accepts connections and never answers', () => {
    let silent: Server
    const sockets: Socket[] = []
    beforeAll(async () => {
      silent = createServer((socket) => void sockets.push(socket))
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    })
    afterAll(async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    })

    it('is given up after the connect timeout: unavailable, naming host and port', async () => {
      const address = silent.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      const url = `postgresql://postgres@127.0.0.1:${port}/test`
      const started = Date.now()
      await expect(openStore({ kind: 'postgres', url }, { connectTimeoutMs: 300 })).rejects.toMatchObject({
        code: 'unavailable',
        message: `PostgreSQL at 127.0.0.1:${port} did not answer within 300 ms`,
      })
      expect(Date.now() - started).toBeLessThan(5_000)
    })
  })

  it('refuses a role the server does not know: unavailable, naming the role and authentication, never the password', async () => {
    const url = testServerWith((url) => {
      url.username = 'cairn_no_such_role'
      url.password = 'pw-s3cret'
    })
    const error = await openStore({ kind: 'postgres', url }).catch((error: unknown) => error)
    expect(error).toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/PostgreSQL at 127\.0\.0\.1:5432 refused role "cairn_no_such_role": authentication failed/),
    })
    expect(String((error as Error).message)).not.toContain('pw-s3cret')
  })

  it('refuses a database that does not exist, naming it, and creates none', async () => {
    const name = `cairn_missing_${randomBytes(4).toString('hex')}`
    const url = testServerWith((url) => void (url.pathname = `/${name}`))
    await expect(openStore({ kind: 'postgres', url })).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining(`database "${name}" does not exist on PostgreSQL at 127.0.0.1:5432`),
    })
    expect(await databaseExists(name)).toBe(false)
  })

  it("refuses, on a host's MikroORM instance, to migrate a database that does not exist, and creates none", async () => {
    const name = `cairn_missing_${randomBytes(4).toString('hex')}`
    const orm = await MikroORM.init({ ...ormOptions(), clientUrl: testServerWith((url) => void (url.pathname = `/${name}`)) })
    try {
      await expect(storeOnOrm(orm).migrate()).rejects.toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining(`database "${name}" does not exist`),
      })
    } finally {
      await orm.close(true)
    }
    expect(await databaseExists(name)).toBe(false)
  })

  it('refuses a schema name that is no bare lower-case identifier', async () => {
    await expect(openStore({ kind: 'postgres', url: postgresUrl(), schema: 'Cairn"; drop table users; --' })).rejects.toMatchObject({
      code: 'invalid',
      fields: [{ field: 'schema' }],
    })
  })
})
