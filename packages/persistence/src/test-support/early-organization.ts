import type { Orm } from '../store.ts'

/**
 * Stores organization `name` in the columns the first migration gave it, for the tests of
 * migrations older than its later columns: the repository writes today's.
 */
export async function insertEarlyOrganization(orm: Orm, name: string): Promise<void> {
  await orm.em
    .getConnection()
    .execute(`insert into organizations (name, email, created_at) values (?, ?, now())`, [name, `owners@${name}.test`])
}
