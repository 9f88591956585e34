import { PostgreSqlConnection } from '@mikro-orm/postgresql'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'

/** `?` placeholders, in order, as PostgreSQL's `$1`, `$2`… */
function numbered(sql: string): string {
  let next = 0
  return sql.replaceAll('?', () => `$${String((next += 1))}`)
}

/** The numbered text of each statement, made once. */
const numberedTexts = new Map<string, string>()

/**
 * Runs `sql` (its values in `?` placeholders, none of them in a literal or an operator) and
 * returns its rows as the driver gives them. On PostgreSQL, outside a transaction, it runs as the
 * prepared statement `name` of the pooled connection, parsed once per connection and, after a few
 * runs, planned once (a generic plan): planning is most of what PostgreSQL spends on a short
 * select, and MikroORM would send the statement with its values inlined, to be planned every
 * time. Anywhere else (PGlite, a transaction) it goes through MikroORM.
 */
export async function executePrepared<T>(em: EntityManager, name: string, sql: string, values: readonly unknown[]): Promise<T[]> {
  const connection = em.getConnection()
  if (!(connection instanceof PostgreSqlConnection) || em.isInTransaction()) return em.execute<T[]>(sql, [...values])
  const text = numberedTexts.get(sql) ?? numbered(sql)
  numberedTexts.set(sql, text)
  const pool = await connection.getNativeClient()
  const result = await pool.query({ name, text, values: [...values] })
  return result.rows as T[]
}
