import type { Orm } from './store.ts'

/**
 * The key of the PostgreSQL advisory lock that migrations take: one per database, whatever the
 * schema, because pg_trgm (which the first migration creates) is one per database too.
 * The bytes of "cairn".
 */
const MIGRATION_LOCK_KEY = 0x63_61_69_72_6e

/**
 * Runs `work` holding the migration lock, so that servers started together on one database migrate
 * one after another: the first applies the migrations, the others wait and then find none pending.
 * Without it they race to create the migrations table, the extension and every table, and all
 * but one fail. The lock lives in a transaction of its own and is released when it ends, also
 * when the process dies; the migrator runs on other connections of the pool.
 */
export async function holdingMigrationLock<T>(orm: Orm, work: () => Promise<T>): Promise<T> {
  const connection = orm.em.getConnection()
  return connection.transactional(async (lockTransaction) => {
    await connection.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY], 'run', lockTransaction)
    return work()
  })
}
