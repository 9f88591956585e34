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
