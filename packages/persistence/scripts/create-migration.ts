// Usage: pnpm --filter @cairn/persistence migration:create <name>
// Applies the existing migrations to a throw-away in-memory PGlite, diffs the entity schemas
// against it and writes what changed as a new migration into src/migrations.
import { MikroORM } from '@mikro-orm/pglite'
import { ormOptions, pgliteOptions } from '../src/orm-options.ts'

const options = ormOptions()
const orm = await MikroORM.init({
  ...options,
  ...pgliteOptions(),
  migrations: { ...options.migrations, path: 'src/migrations', emit: 'ts' },
})
await orm.migrator.up()
const result = await orm.migrator.create('src/migrations', false, false, process.argv[2])
console.log(result.fileName ? `created src/migrations/${result.fileName}: add it to src/migrations/index.ts` : 'no changes')
await orm.close(true)
