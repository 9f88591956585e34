import { CairnError } from '@cairn/core'
import type { SqlEntityManager } from '@mikro-orm/sql'
import { migrationsList } from './migrations/index.ts'
import { LEGACY_SCHEMA, type SchemaLayout } from './schema-layout.ts'

/** The migrator's table, in the store's schema. */
const MIGRATIONS_TABLE = 'mikro_orm_migrations'

/** The first migration: a migrations table that lists it is Cairn's. */
const FIRST_MIGRATION = migrationsList[0]?.name ?? ''

/** Cairn's relations beside its entities' tables: the change feed, the migrations, the lists' kept counts and the protocol's documents. */
const CAIRN_EXTRA_RELATIONS = [
  'store_changes',
  MIGRATIONS_TABLE,
  'user_counts',
  'workspace_counts',
  'registry_module_counts',
  'module_protocol_documents',
]

/**
 * pg-boss 12's tables (its plans.js; each queue's own table is `j` and a hash). Checked where the
 * job queue shares Cairn's schema, since pg-boss, too, creates its tables only if they are absent.
 */
const PG_BOSS_RELATIONS = [
  'version',
  'queue',
  'queue_stats',
  'schedule',
  'subscription',
  'bam',
  'warning',
  'job_dependency',
  'instance',
  'job',
  'job_common',
]

/**
 * Refuses, before anything is created, a schema Cairn must not use: one whose relations named as
 * Cairn's (or pg-boss's) are someone else's, because no migrations table there lists Cairn's
 * migrations (`invalid`, naming the schema and those relations); the default schema while Cairn's
 * tables are in `public` from before it was the default (`invalid`: its data would be left
 * behind); and a schema yet to be created by a role that may not create one (`unavailable`).
 * `tables` are the entities' table names.
 */
export async function requireUsableSchema(em: SqlEntityManager, layout: SchemaLayout, tables: readonly string[]): Promise<void> {
  const relations = await relationsIn(em, [...new Set([layout.schema, LEGACY_SCHEMA])])
  const inSchema = relations.get(layout.schema) ?? new Set<string>()
  const migrations = await migrationsIn(em, layout.schema, inSchema)
  if (migrations === 'cairn') return
  if (layout.defaulted && (await migrationsIn(em, LEGACY_SCHEMA, relations.get(LEGACY_SCHEMA) ?? new Set())) === 'cairn') {
    throw new CairnError(
      'invalid',
      `Cairn's tables are in schema "${LEGACY_SCHEMA}", where earlier versions put them, not in "${layout.schema}", its default schema now: ` +
        `set the schema to "${LEGACY_SCHEMA}" to keep using them (or move them, see docs/operations.md); nothing was created`,
      [{ field: 'schema', message: `is "${layout.schema}" by default, but Cairn's data is in "${LEGACY_SCHEMA}"` }],
    )
  }
  const ours = new Set([...tables, ...CAIRN_EXTRA_RELATIONS, ...(layout.jobSchema === layout.schema ? PG_BOSS_RELATIONS : [])])
  // An empty migrations table is Cairn's own from a start that stopped before its first migration committed (or is committing now).
  const clashing = [...inSchema].filter((name) => ours.has(name) && !(name === MIGRATIONS_TABLE && migrations === 'none')).sort()
  if (clashing.length > 0) {
    throw new CairnError(
      'invalid',
      `schema "${layout.schema}" already holds tables that are not Cairn's: ${clashing.join(', ')}; ` +
        `give Cairn a schema of its own (nothing was created)`,
      [{ field: 'schema', message: `holds ${clashing.join(', ')}, not Cairn's` }],
    )
  }
  if (!relations.has(layout.schema)) await requireMayCreateSchema(em, layout.schema)
}

/** The names of the tables, views and sequences of each of `schemas` that exists. */
async function relationsIn(em: SqlEntityManager, schemas: readonly string[]): Promise<Map<string, Set<string>>> {
  const rows = await em.execute<{ schema: string; name: string | null }[]>(
    `select n.nspname as schema, c.relname as name from pg_namespace n
       left join pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
     where n.nspname in (${schemas.map(() => '?').join(', ')})`,
    [...schemas],
  )
  const relations = new Map<string, Set<string>>()
  for (const { schema, name } of rows) {
    const names = relations.get(schema) ?? new Set<string>()
    if (name !== null) names.add(name)
    relations.set(schema, names)
  }
  return relations
}

/**
 * What the migrations table of `schema` lists: Cairn's first migration (`cairn`), nothing or no
 * table at all (`none`), or only migrations of someone else (`foreign`).
 */
async function migrationsIn(em: SqlEntityManager, schema: string, relations: ReadonlySet<string>): Promise<'cairn' | 'none' | 'foreign'> {
  if (!relations.has(MIGRATIONS_TABLE)) return 'none'
  const [row] = await em.execute<{ cairn: string; total: string }[]>(
    `select count(*) filter (where name = ?) as cairn, count(*) as total from "${schema}"."${MIGRATIONS_TABLE}"`,
    [FIRST_MIGRATION],
  )
  if (Number(row?.cairn ?? 0) > 0) return 'cairn'
  return Number(row?.total ?? 0) === 0 ? 'none' : 'foreign'
}

async function requireMayCreateSchema(em: SqlEntityManager, schema: string): Promise<void> {
  const [row] = await em.execute<{ may: boolean; role: string; database: string }[]>(
    `select has_database_privilege(current_database(), 'CREATE') as may, current_user as role, current_database() as database`,
  )
  if (row === undefined || row.may) return
  throw new CairnError(
    'unavailable',
    `schema "${schema}" does not exist in database "${row.database}", and role "${row.role}" may not create it: ` +
      `create it for that role (create schema "${schema}" authorization "${row.role}"), or grant the role CREATE on the database`,
  )
}
