import { CairnError, UNSHARED_STORE_CHANGES, type HealthCheck, type JobQueue, type StoreChanges, type UnitOfWork } from '@cairn/core'
import { mkdirSync } from 'node:fs'
import { PgliteConnection, MikroORM as PgliteOrm } from '@mikro-orm/pglite'
import { MikroORM as PostgresOrm } from '@mikro-orm/postgresql'
import type { AbstractSqlDriver, ConnectionConfig, MikroORM, SqlEntityManager } from '@mikro-orm/sql'
import { openJobQueue } from './jobs/open-job-queue.ts'
import { holdingMigrationLock } from './migration-lock.ts'
import { MikroOrmUnitOfWork } from './mikro-orm-unit-of-work.ts'
import { ormOptions, pgliteOptions } from './orm-options.ts'
import { pgliteInMemoryTemplateOptions, unpackPgliteTemplate } from './pglite-data-dir-template.ts'
import { CONNECT_TIMEOUT_MS, probePostgres } from './postgres-probe.ts'
import { postgresStartupError } from './postgres-startup-error.ts'
import { PostgresStoreChanges, type ChangeFeedWatcher } from './postgres-store-changes.ts'
import { QueryListener } from './query-listener.ts'
import { keepWasmAtBaselineTier } from './wasm-baseline-tier.ts'
import { requireUsableSchema } from './schema-inspection.ts'
import { LEGACY_SCHEMA, schemaLayout } from './schema-layout.ts'

/**
 * Where the data lives: an embedded PGlite database (in a directory, or in memory), or PostgreSQL,
 * in `schema` (default `cairn`, see `DEFAULT_SCHEMA`) with the job queue's tables, or in `public`
 * with those in `pgboss`, where every table was before schemas of Cairn's own.
 */
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
  /** How long opening a PostgreSQL store waits for the server's first answer. Default `CONNECT_TIMEOUT_MS`. */
  readonly connectTimeoutMs?: number
}

export type Orm = MikroORM<AbstractSqlDriver, SqlEntityManager>

/**
 * Connects to the database at `location`. Raises `unavailable` when it cannot be reached, refuses
 * the login or does not exist (Cairn never creates a database), and `invalid` for a schema name
 * that is no bare lower-case identifier.
 */
export async function openStore(location: StoreLocation, options: StoreOptions = {}): Promise<Store> {
  if (location.kind === 'postgres') {
    schemaLayout(location.schema)
    await probePostgres(location.url, options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS)
  }
  const orm = await connect(location, options).catch((error: unknown) => {
    if (location.kind === 'postgres') throw postgresStartupError(error, location.url)
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
  const layout = location.kind === 'postgres' ? schemaLayout(location.schema) : undefined
  const changes = layout === undefined ? undefined : new PostgresStoreChanges(orm.em, layout.schema, changeFeed)
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
      if (location.kind === 'pglite' || layout === undefined) return (await orm.migrator.up()).map((migration) => migration.name)
      // Before the migrator, which creates its table (and the schema) as it starts.
      await requireUsableSchema(orm.em, layout, tableNames(orm)).catch((error: unknown) => {
        throw postgresStartupError(error, location.url)
      })
      // The schema named, also for a host's ORM configured with one only: unnamed, the tables would go to the search path.
      const up = async () => (await orm.migrator.up({ schema: layout.schema })).map((migration) => migration.name)
      // PGlite is one process's alone (see DataDirLock); PostgreSQL is shared by every server.
      return holdingMigrationLock(orm, up)
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
  // The host's choice, which is the driver's default (`public`) unless it named one.
  const schema = orm.config.get('schema') ?? LEGACY_SCHEMA
  // Only the job queue, with a pool of its own, and the start-up errors read the URL.
  const location: StoreLocation =
    connection instanceof PgliteConnection
      ? { kind: 'pglite' }
      : { kind: 'postgres', url: postgresUrlOf(connection.getConnectionOptions()), schema }
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
    // Both before PGlite compiles its WebAssembly and makes its database (see each).
    keepWasmAtBaselineTier()
    if (location.dataDir !== undefined) await unpackPgliteTemplate(location.dataDir)
    if (location.dataDir !== undefined) mkdirSync(location.dataDir, { recursive: true, mode: 0o700 })
    const dbName = location.dataDir !== undefined && { dbName: location.dataDir }
    const pglite = pgliteOptions()
    const template = location.dataDir === undefined ? pgliteInMemoryTemplateOptions : () => ({})
    // A function, which MikroORM calls as it connects: options given as an object are deep-copied, which breaks a Blob.
    const driverOptions = () => ({ ...pglite.driverOptions, ...template() })
    return PgliteOrm.init({ ...options, ...pglite, driverOptions, ...dbName })
  }
  const { schema } = schemaLayout(location.schema)
  // Both settings: the first qualifies queries, the second makes migrations run in the schema.
  return PostgresOrm.init({ ...options, clientUrl: location.url, schema, migrations: { ...options.migrations, schema } })
}

/** The tables of Cairn's entities, which a schema must not hold unless they are Cairn's. */
function tableNames(orm: Orm): string[] {
  return [...orm.getMetadata().getAll().values()].map((meta) => meta.tableName)
}
