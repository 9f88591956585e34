import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { tableOf } from './module-query-parts.ts'
import type { BuiltQuery } from './shaped-statement.ts'

/** The tables of counts the store keeps as rows change (the list_counts migration), by what they count. */
export type KeptCounts = 'user_counts' | 'workspace_counts' | 'registry_module_counts'

/** A condition on the keys of a counts table: SQL over its columns, with its `?` values. */
export interface KeyCondition {
  readonly sql: string
  readonly params: readonly unknown[]
}

/**
 * How many rows match `conditions`, from the counts kept by key: one row, `count`, a sum over a
 * few rows (four for users, an organization's statuses for workspaces) where counting the table
 * would read all of it on every page. Only conditions on the keys can be answered so; a search
 * cannot, and is counted over its matches.
 */
export function keptCount(em: EntityManager, counts: KeptCounts, conditions: readonly KeyCondition[]): BuiltQuery {
  return selectFrom(em, 'coalesce(sum(count), 0) as count', counts, conditions)
}

/** The rows of a counts table that match `conditions`: its key columns, as stored, and `count`. */
export function keptCountRows(em: EntityManager, counts: KeptCounts, conditions: readonly KeyCondition[]): BuiltQuery {
  return selectFrom(em, '*', counts, conditions)
}

function selectFrom(em: EntityManager, columns: string, counts: KeptCounts, conditions: readonly KeyCondition[]): BuiltQuery {
  const table = tableOf(em.config.get('schema'), { meta: { tableName: counts } })
  const where = conditions.length === 0 ? '' : ` where ${conditions.map((condition) => `(${condition.sql})`).join(' and ')}`
  return { sql: `select ${columns} from ${table}${where}`, params: conditions.flatMap((condition) => condition.params) }
}
