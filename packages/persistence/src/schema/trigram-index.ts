/**
 * A GIN trigram index on one column, which serves `ILIKE '%text%'` searches (pg_trgm folds case
 * itself, so no `lower()` expression is needed). The migration creates the pg_trgm extension
 * first; on PGlite the store loads it (see `pgliteExtensions`).
 */
export function trigramIndex(table: string, column: string): { name: string; expression: string } {
  const name = `${table}_${column}_trgm_index`
  return { name, expression: `create index "${name}" on "${table}" using gin ("${column}" gin_trgm_ops)` }
}
