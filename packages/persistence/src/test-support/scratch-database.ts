import { randomBytes } from 'node:crypto'
import { MikroORM } from '@mikro-orm/postgresql'
import { postgresUrl } from './postgres-url.ts'

/**
 * A database of its own on the test PostgreSQL server, for tests that run Cairn as configured
 * (`DATABASE_URL`), with `drop()` to remove it, `execute()` to change it behind Cairn's back
 * (as someone with access to the database alone could) and `query()` to read it so. Exported for
 * the server's tests.
 */
export async function scratchDatabase(): Promise<{
  url: string
  drop: () => Promise<void>
  execute: (statement: string) => Promise<void>
  query: <T extends object>(statement: string) => Promise<T[]>
}> {
  const serverUrl = postgresUrl()
  const name = `cairn_test_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, `create database "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => void (await onServer(serverUrl, `drop database if exists "${name}" with (force)`)),
    execute: async (statement) => void (await onServer(url.toString(), statement)),
    query: (statement) => onServer(url.toString(), statement),
  }
}

async function onServer<T extends object>(url: string, statement: string): Promise<T[]> {
  const orm = await MikroORM.init({ clientUrl: url, entities: [], discovery: { warnWhenNoEntities: false } })
  try {
    return await orm.em.execute<T[]>(statement)
  } finally {
    await orm.close(true)
  }
}
