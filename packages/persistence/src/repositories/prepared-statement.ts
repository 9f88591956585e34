import { PostgreSqlConnection } from '@mikro-orm/postgresql'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'

/** `?` placeholders, in order, as PostgreSQL's `$1`, `$2`… */
function numbered(sql: string): string {
  let next = 0
  return sql.replaceAll('?', () => `$${String((next += 1))}`)
}

/** A statement to run prepared: its name, and its SQL as MikroORM and as PostgreSQL take it. */
export interface PreparedStatement {
  /** Its name on each pooled connection: one name, one text. */
  readonly name: string
  /** Its values in `?` placeholders, none of them in a literal or an operator. */
  readonly sql: string
  /** `sql` with its placeholders numbered, as PostgreSQL takes it. */
  readonly numberedSql: string
}

/**
 * `sql` as the prepared statement `name`, numbered now: whoever keeps the statement (a shaped
 * statement, built once per ORM) keeps its numbered text with it, so nothing else need remember it.
 */
export function preparedStatement(name: string, sql: string): PreparedStatement {
  return { name, sql, numberedSql: numbered(sql) }
}

/**
 * Runs `statement` with `values` and returns its rows as the driver gives them. On PostgreSQL,
 * outside a transaction, it runs as a prepared statement of the pooled connection, parsed once per
 * connection and, after a few runs, planned once (a generic plan): planning is most of what
 * PostgreSQL spends on a short select, and MikroORM would send the statement with its values
 * inlined, to be planned every time. Anywhere else (PGlite, a transaction) it goes through MikroORM.
 */
export async function executePrepared<T>(em: EntityManager, statement: PreparedStatement, values: readonly unknown[]): Promise<T[]> {
  const connection = em.getConnection()
  if (!(connection instanceof PostgreSqlConnection) || !runsApart(em)) return em.execute<T[]>(statement.sql, [...values])
  const pool = await connection.getNativeClient()
  const result = await pool.query({ name: statement.name, text: statement.numberedSql, values: [...values] })
  return result.rows as T[]
}

/**
 * Whether `em`'s statements run on PostgreSQL's pool outside a transaction, each on any of its
 * connections: prepared there (`executePrepared`), and free to be answered together with other
 * requests' (`TurnBatch`).
 */
export function runsApart(em: EntityManager): boolean {
  return em.getConnection() instanceof PostgreSqlConnection && !em.isInTransaction()
}
