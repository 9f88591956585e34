import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Migrator } from '@mikro-orm/migrations'
import { entities } from './schema/entities.ts'
import { migrationsList } from './migrations/index.ts'

/** What every store shares, whichever the driver: the schema and the checked-in migrations. */
export function ormOptions() {
  return {
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, snapshot: false, silent: true },
    debug: false,
  }
}

/**
 * What PGlite needs beyond that: the extensions the migrations create, which PGlite ships as
 * bundles to load when it starts (PostgreSQL has them installed as contrib modules).
 */
export function pgliteOptions() {
  return { driverOptions: { extensions: { pg_trgm } } }
}
