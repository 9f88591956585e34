import { CairnError, UNSHARED_STORE_CHANGES, type HealthCheck, type JobQueue, type StoreChanges, type UnitOfWork } from '@cairn/core'
import { mkdirSync } from 'node:fs'
import { PgliteConnection, MikroORM as PgliteOrm } from '@mikro-orm/pglite'
import { MikroORM as PostgresOrm } from '@mikro-orm/postgresql'
import type { AbstractSqlDriver, ConnectionConfig, MikroORM, SqlEntityManager } from '@mikro-orm/sql'
import { openJobQueue } from './jobs/open-job-queue.ts'
import { holdingMigrationLock } from './migration-lock.ts'
import { MikroOrmUnitOfWork } from './mikro-orm-unit-of-work.ts'
import { ormOptions, pgliteOptions } from './orm-options.ts'
import { PostgresStoreChanges, type ChangeFeedWatcher } from './postgres-store-changes.ts'
import { QueryListener } from './query-listener.ts'

/** Where the data lives: an embedded PGlite database (in a directory, or in memory), or PostgreSQL. */
export type StoreLocation =
  { readonly kind: 'pglite'; readonly dataDir?: string } | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string }

/** A connected database with everything the core needs from it. */
export interface Store {
  readonly unitOfWork: UnitOfWork
  readonly health: HealthCheck
  /** How the processes sharing the database hear each other's writes; on PGlite, one process alone has it. Stopped by `close`. */
  readonly changes: StoreChanges
  /** Applies the checked-in migrations not yet applied; returns their names. */
  migrate(): Promise<string[]>
  /**
   * Starts a job queue in the same database (see `PgBossJobQueue`); each call starts another, as
   * another process would. `onError` hears the queue's background failures. Stop it before `close`.
   */
  openJobQueue(onError: (error: Error) => void): Promise<JobQueue>
  /** Removes every row of every table, keeping the schema. For tests. */
  clear(): Promise<void>
  close(): Promise<void>
}

/** How to open a store, beyond where. */
export interface StoreOptions {
  /** Called with every SQL statement the store runs, parameters inlined; for tests. */
  readonly onQuery?: (sql: string) => void
  /** Hears when reading the change feed of processes sharing PostgreSQL fails, and recovers. */
  readonly changeFeed?: ChangeFeedWatcher
}

export type Orm = MikroORM<AbstractSqlDriver, SqlEntityManager>

/** Connects to the database at `location`. Raises `unavailable` when it cannot be reached. */
export async function openStore(location: StoreLocation, options: StoreOptions = {}): Promise<Store> {
  const orm = await connect(location, options).catch((error: unknown) => {
    throw new CairnError('unavailable', `cannot open the database: ${String(error)}`, [], { cause: error })
  })
  return storeOver(orm, location, options.changeFeed)
}

/**
 * The store over a connected ORM. Exported, with `connect`, for this package's tests that also
 * need the ORM itself (to seed in bulk); everyone else opens a store with `openStore`.
 */
export function storeOver(orm: Orm, location: StoreLocation, changeFeed?: ChangeFeedWatcher): Store {
  return storeReleasing(orm, location, () => orm.close(true), changeFeed)
}

/** The store over `orm`, whose `close` stops the change feed and then calls `release`. */
function storeReleasing(orm: Orm, location: StoreLocation, release: () => Promise<void>, changeFeed?: ChangeFeedWatcher): Store {
  // PGlite has a single connection, so its transactions must take turns.
  const unitOfWork = new MikroOrmUnitOfWork(orm.em, { serialize: location.kind === 'pglite' })
  const changes = location.kind === 'postgres' ? new PostgresStoreChanges(orm.em, location.schema, changeFeed) : undefined
  return {
    unitOfWork,
    // PGlite is one process's alone: the server's data-directory lock, or the host's in-process instance.
    changes: changes ?? UNSHARED_STORE_CHANGES,
    health: {
      async check() {
        try {
          await orm.em.execute('select 1')
        } catch (error) {
          throw new CairnError('unavailable', 'the database does not answer', [], { cause: error })
        }
      },
    },
    async migrate() {
      const up = async () => (await orm.migrator.up()).map((migration) => migration.name)
      // PGlite is one process's alone (see DataDirLock); PostgreSQL is shared by every server.
      return location.kind === 'postgres' ? holdingMigrationLock(orm, up) : up()
    },
    openJobQueue: (onError) => openJobQueue(orm, location, onError),
    clear: () => orm.schema.clear(),
    async close() {
      await changes?.stop()
      await release()
    },
  }
}

/**
 * A store over an ORM the host opened and keeps: initialised with `ormOptions()` (and, on PGlite,
 * `pgliteOptions()`) merged into its own configuration. Closing the store leaves the ORM open.
 */
export function storeOnOrm(orm: Orm, options: Pick<StoreOptions, 'changeFeed'> = {}): Store {
  const connection = orm.em.getConnection()
  const schema = orm.config.get('schema')
  // Only the job queue, with a pool of its own, reads the URL.
  const location: StoreLocation =
    connection instanceof PgliteConnection
      ? { kind: 'pglite' }
      : { kind: 'postgres', url: postgresUrlOf(connection.getConnectionOptions()), ...(schema !== undefined && { schema }) }
  return storeReleasing(orm, location, async () => undefined, options.changeFeed)
}

/** The database the ORM connects to, as a URL, whether the host configured it by URL or by host, port, user and database. */
function postgresUrlOf({ host, port, user, password, database }: ConnectionConfig): string {
  const url = new URL('postgresql://localhost')
  // A directory is a Unix socket, which only the query parameter can name.
  if (host?.startsWith('/')) url.searchParams.set('host', host)
  else if (host) url.hostname = host
  if (port) url.port = String(port)
  if (user) url.username = user
  if (typeof password === 'string' && password !== '') url.password = password
  if (database) url.pathname = `/${database}`
  return url.href
}

export async function connect(location: StoreLocation, { onQuery }: StoreOptions = {}): Promise<Orm> {
  const options = { ...ormOptions(), ...(onQuery !== undefined && { loggerFactory: () => new QueryListener(onQuery) }) }
  if (location.kind === 'pglite') {
    if (location.dataDir !== undefined) mkdirSync(location.dataDir, { recursive: true, mode: 0o700 })
    const dbName = location.dataDir !== undefined && { dbName: location.dataDir }
    return PgliteOrm.init({ ...options, ...pgliteOptions(), ...dbName })
  }
  const { url, schema } = location
  if (schema === undefined) return PostgresOrm.init({ ...options, clientUrl: url })
  // Both settings: the first qualifies queries, the second makes migrations run in the schema.
  return PostgresOrm.init({ ...options, clientUrl: url, schema, migrations: { ...options.migrations, schema } })
}
