import { CairnError } from '@cairn/core'

/**
 * The schema Cairn's tables go to on PostgreSQL when none is named: one of Cairn's own, so that a
 * host's database keeps its `public` schema (and its own `users`, `sessions`, `teams`…) to itself.
 */
export const DEFAULT_SCHEMA = 'cairn'

/**
 * The schema that held every table before schemas of Cairn's own: the standalone server's default
 * (its installations have their data there), and the one schema whose job tables live apart.
 */
export const LEGACY_SCHEMA = 'public'

/** Where pg-boss's tables went, and still go, beside a store in `public`. */
const LEGACY_JOB_SCHEMA = 'pgboss'

/**
 * A bare, lower-case identifier: quoted by the ORM and unquoted by pg-boss, a name must mean the
 * same schema to both (an upper-case letter is folded by one and not the other); pg-boss refuses
 * names over 50 bytes.
 */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,49}$/

/** Where Cairn's tables and its job queue live in one PostgreSQL database. */
export interface SchemaLayout {
  /** Cairn's tables, its migrations table and the change feed's sequence. */
  readonly schema: string
  /** pg-boss's tables: the same schema, but `pgboss` beside `public`, where they always were. */
  readonly jobSchema: string
  /** Whether `schema` is the default rather than the host's choice. */
  readonly defaulted: boolean
}

/** The layout for a store whose schema is `schema` (the default when undefined); raises `invalid` for a name that is no bare identifier. */
export function schemaLayout(schema: string | undefined): SchemaLayout {
  const name = schema ?? DEFAULT_SCHEMA
  if (!SCHEMA_NAME.test(name)) {
    throw new CairnError('invalid', `the PostgreSQL schema ${JSON.stringify(name)} is not a bare lower-case identifier`, [
      { field: 'schema', message: 'must be lower-case letters, digits and underscores, not starting with a digit, at most 50 characters' },
    ])
  }
  return { schema: name, jobSchema: name === LEGACY_SCHEMA ? LEGACY_JOB_SCHEMA : name, defaulted: schema === undefined }
}
