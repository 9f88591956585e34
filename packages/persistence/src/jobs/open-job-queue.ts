import { PgliteConnection } from '@mikro-orm/pglite'
import { fromPglite } from 'pg-boss'
import { postgresStartupError } from '../postgres-startup-error.ts'
import { schemaLayout } from '../schema-layout.ts'
import type { Orm, StoreLocation } from '../store.ts'
import { PgBossJobQueue } from './pg-boss-job-queue.ts'

/**
 * The job queue beside the store's tables. PGlite has one connection, so pg-boss runs its
 * statements on the store's own PGlite instance (which queues them behind any open transaction);
 * PostgreSQL gets pg-boss's own pool, in the store's schema (pg-boss's table names are none of
 * Cairn's), so that Cairn keeps to one schema of a host's database; beside `public`, in `pgboss`.
 */
export async function openJobQueue(orm: Orm, location: StoreLocation, onError: (error: Error) => void): Promise<PgBossJobQueue> {
  if (location.kind === 'pglite') {
    const connection = orm.em.getConnection()
    if (!(connection instanceof PgliteConnection)) throw new Error('a PGlite store without a PGlite connection')
    return PgBossJobQueue.start({ db: fromPglite(await connection.getNativeClient()), backend: 'pglite' }, onError)
  }
  const { jobSchema } = schemaLayout(location.schema)
  return PgBossJobQueue.start({ connectionString: location.url, schema: jobSchema, max: 4 }, onError).catch((error: unknown) => {
    throw postgresStartupError(error, location.url)
  })
}
