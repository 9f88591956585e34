import { randomBytes } from 'node:crypto'
import { MikroORM } from '@mikro-orm/postgresql'
import { postgresUrl } from './postgres-url.ts'

/**
 * A schema of its own in the test database, for one test file, with `drop()` to remove it. pg_trgm
 * is installed database-wide first, in `public`, so that the migration does not put it in this
 * schema (and drop it, with the schema, from under a test file running beside this one).
 */
export async function freshSchema(): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const url = postgresUrl()
  const schema = `cairn_test_${randomBytes(6).toString('hex')}`
  await asAdmin(url, 'create extension if not exists pg_trgm schema public')
  return { url, schema, drop: () => asAdmin(url, `drop schema if exists "${schema}", "${schema}_jobs" cascade`) }
}

/** Runs one statement on the test database through a connection of its own, outside any store. */
export async function asAdmin(url: string, statement: string): Promise<void> {
  const orm = await MikroORM.init({ clientUrl: url, entities: [], discovery: { warnWhenNoEntities: false } })
  try {
    await orm.em.execute(statement)
  } finally {
    await orm.close(true)
  }
}
