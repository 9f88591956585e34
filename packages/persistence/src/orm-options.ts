import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Migrator } from '@mikro-orm/migrations'
import { entities } from './schema/entities.ts'
import { migrationsList } from './migrations/index.ts'

/**
 * What every store shares, whichever the driver: the schema and the checked-in migrations, and
 * no database created where the configuration names one that does not exist (MikroORM's default
 * creates it, so a mistyped name became an empty database).
 */
export function ormOptions() {
  return {
    entities,
    ensureDatabase: false,
    extensions: [Migrator],
    migrations: { migrationsList, snapshot: false, silent: true },
    debug: false,
  }
}

/**
 * PGlite's buffer pool. initdb writes PostgreSQL's 128 MB, which PGlite zeroes inside its WASM
 * memory when it starts, so an idle server held all of it; a single in-process connection gains
 * nothing from a pool that large (the operating system's page cache sits under it anyway).
 */
const PGLITE_SHARED_BUFFERS = '32MB'

/**
 * What PGlite needs beyond that: the extensions the migrations create, which PGlite ships as
 * bundles to load when it starts (PostgreSQL has them installed as contrib modules), and the
 * buffer pool, as a start parameter so that the data directory's postgresql.conf stays as it is.
 */
export function pgliteOptions() {
  return {
    driverOptions: {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    },
  }
}
