import { PgliteConnection } from '@mikro-orm/pglite'
import { fromPglite } from 'pg-boss'
import type { Orm, StoreLocation } from '../store.ts'
import { PgBossJobQueue } from './pg-boss-job-queue.ts'

/**
 * The job queue beside the store's tables. PGlite has one connection, so pg-boss runs its
 * statements on the store's own PGlite instance (which queues them behind any open transaction);
 * PostgreSQL gets pg-boss's own pool, in a schema of its own beside the store's.
 */
export async function openJobQueue(orm: Orm, location: StoreLocation, onError: (error: Error) => void): Promise<PgBossJobQueue> {
  if (location.kind === 'pglite') {
    const connection = orm.em.getConnection()
    if (!(connection instanceof PgliteConnection)) throw new Error('a PGlite store without a PGlite connection')
    return PgBossJobQueue.start({ db: fromPglite(await connection.getNativeClient()), backend: 'pglite' }, onError)
  }
  return PgBossJobQueue.start({ connectionString: location.url, schema: jobSchemaOf(location), max: 4 }, onError)
}

/** The schema of the job tables: `pgboss`, or beside a store in a schema of its own, `<schema>_jobs`. */
export function jobSchemaOf(location: StoreLocation & { kind: 'postgres' }): string {
  return location.schema === undefined ? 'pgboss' : `${location.schema}_jobs`
}
