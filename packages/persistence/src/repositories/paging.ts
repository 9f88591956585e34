import { pageOffset, type Page, type PageRequest } from '@cairn/core'
import type { EntityDictionary, EntityKey, EntityName, QueryOrderMap } from '@mikro-orm/core'
import { raw, type QBFilterQuery, type SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { FRESH } from './read-options.ts'
import { runShaped, shapedStatement, type BuiltQuery, type Placeholders } from './shaped-statement.ts'

/** The LIMIT and OFFSET of one page, for `find`/`findAndCount`. */
export function pageWindow(request: PageRequest): { limit: number; offset: number } {
  return { limit: request.size, offset: pageOffset(request) }
}

/** The alias of the page's table, for `extra` columns that refer to it. */
export const PAGED = 'paged'

/** The column carrying the total on every row of a page; no table has one by that name. */
const TOTAL = 'cairn_page_total'

/** The name of the matches a page is sorted from, with `sortMatches`, for `extra` columns that refer to them. */
export const MATCHES = 'cairn_matches'

/**
 * One page of `entity` matching `where`, and how many match in all, from one statement (one round
 * trip where `findAndCount` makes two): the count is an uncorrelated scalar subquery, which
 * PostgreSQL runs once, beside a page that its ORDER BY and LIMIT still serve from an index. (A
 * `count(*) over ()` window would make the page read and sort every match first.) A page past the
 * end has no row to carry the total, so only then is it counted apart. The rows are as the
 * database returns them (column names).
 */
async function pageRows<E extends object>(
  em: EntityManager,
  entity: EntityName<E>,
  where: QBFilterQuery<E>,
  orderBy: QueryOrderMap<E> | QueryOrderMap<E>[],
  request: PageRequest,
): Promise<[Record<string, unknown>[], number]> {
  const count = em.createQueryBuilder<E, 'counted'>(entity, 'counted').count().where(where)
  const rows = await em
    .createQueryBuilder<E, typeof PAGED>(entity, PAGED)
    .select(['*', raw(`(${count.getQuery()}) as ${TOTAL}`, count.getParams())])
    .where(where)
    .orderBy(orderBy)
    .limit(request.size)
    .offset(pageOffset(request))
    .execute<Record<string, unknown>[]>('all', false)
  const [first] = rows
  if (first === undefined) return [[], pageOffset(request) === 0 ? 0 : await count.getCount()]
  return [rows.map(({ [TOTAL]: _total, ...row }) => row), Number(first[TOTAL])]
}

/** `pageRows` hydrated into managed entities. */
export async function findPage<E extends object>(
  em: EntityManager,
  entity: EntityName<E>,
  where: QBFilterQuery<E>,
  orderBy: QueryOrderMap<E> | QueryOrderMap<E>[],
  request: PageRequest,
): Promise<[E[], number]> {
  const [rows, total] = await pageRows(em, entity, where, orderBy, request)
  return [rows.map((row) => em.map<E>(entity, row as EntityDictionary<E>, FRESH)), total]
}

/** The parameters every page statement takes beside its filters'. */
type PageParameter = 'limit' | 'offset'

/** What a list's statement is made of, for one shape of its filters. */
export interface PageShape<E extends object> {
  readonly where: QBFilterQuery<E>
  readonly orderBy: QueryOrderMap<E> | QueryOrderMap<E>[]
  /** More columns (`… as name`), which may refer to the page's table as `PAGED`. */
  readonly extra?: readonly BuiltQuery[]
  /**
   * A statement of one row whose `count` is how many match, in place of counting them: a sum of
   * counts the store keeps (see the list_counts migration), where counting would read every match.
   */
  readonly total?: BuiltQuery
  /**
   * Gather the matches first and sort them, counting them in the same pass, instead of walking an
   * index in the page's order: for a search, whose matches (found by the trigram indexes) are few
   * and spread over the whole order, so that a walk would read and filter out most of the table
   * (35,000 of 50,000 workspaces for `payments`) while the planner, assuming matches spread
   * evenly, expects it to stop early.
   */
  readonly sortMatches?: boolean
  /**
   * A unique column that an index holds in the page's order together with every column the
   * filters read: the page's keys are found in that index alone (an index-only scan past the
   * offset) and only the page's own rows are read, where a deep page would read every row before
   * it (8,000 for page 400 of 20); from `KEYED_FROM_OFFSET` on. An array of keys, not a join: a
   * prepared statement's generic plan, not knowing the LIMIT, would join by scanning the table.
   */
  readonly keyedBy?: EntityKey<E>
}

/**
 * From how far into a list a page is found by its keys (see `keyedBy`): nearer the start, reading
 * the rows in the index's order costs no more than finding their keys first.
 */
const KEYED_FROM_OFFSET = 200

/**
 * `pageRows` for the hot lists, as a statement built once per shape of their filters (`name`
 * names the shape) and prepared on PostgreSQL (see `shapedStatement`): `shape` builds the filters
 * with stand-ins for `values`. The rows are as the database returns them (column names), for the
 * caller to turn straight into domain objects: no entity, identity map or snapshot.
 */
export async function findShapedPage<E extends object, P extends string, Row>(
  em: EntityManager,
  name: string,
  entity: EntityName<E>,
  shape: (placeholders: Placeholders<P>) => PageShape<E>,
  values: Readonly<Record<P, unknown>>,
  request: PageRequest,
): Promise<[Row[], number]> {
  const countOf = (placeholders: Placeholders<P>): BuiltQuery => {
    const { where, total } = shape(placeholders)
    if (total !== undefined) return total
    const count = em.createQueryBuilder<E, 'counted'>(entity, 'counted').count().where(where)
    return { sql: count.getQuery(), params: count.getParams() }
  }
  const deep = pageOffset(request) >= KEYED_FROM_OFFSET
  const page = shapedStatement<P | PageParameter>(em, deep ? `${name}_deep_page` : `${name}_page`, (placeholders) => {
    const { where, orderBy, extra = [], sortMatches = false, ...keyed } = shape(placeholders)
    const keyedBy = deep ? keyed.keyedBy : undefined
    // The extra columns are written in with their placeholders, whose values follow those before them.
    const columns = extra.map((column) => raw(column.sql))
    const columnParams = extra.flatMap((column) => column.params)
    if (sortMatches) {
      const matches = em.createQueryBuilder<E, 'matched'>(entity, 'matched').select('*').where(where)
      const [limit, offset] = [placeholders.number('limit'), placeholders.number('offset')]
      const query = em
        .createQueryBuilder<E, typeof PAGED>(entity, PAGED)
        .with(MATCHES, matches, { materialized: true })
        .select(['*', raw(`(select count(*) from ${MATCHES}) as ${TOTAL}`), ...columns])
        .from(MATCHES, PAGED)
        .orderBy(orderBy)
        .limit(limit)
        .offset(offset)
      return { sql: query.getQuery(), params: [...matches.getParams(), ...columnParams, limit, offset] }
    }
    const count = countOf(placeholders)
    const query = em.createQueryBuilder<E, typeof PAGED>(entity, PAGED).select(['*', raw(`(${count.sql}) as ${TOTAL}`), ...columns])
    let params: readonly unknown[]
    if (keyedBy === undefined) {
      query.where(where).orderBy(orderBy).limit(placeholders.number('limit')).offset(placeholders.number('offset'))
      params = query.getParams()
    } else {
      const keys = em
        .createQueryBuilder<E, 'keyed'>(entity, 'keyed')
        .where(where)
        .select(keyedBy)
        .orderBy(orderBy)
        .limit(placeholders.number('limit'))
        .offset(placeholders.number('offset'))
      // Written into the condition with its placeholders, whose values follow the count's.
      query.where(raw(`${PAGED}.${columnOf(em, entity, keyedBy)} = any(array(${keys.getQuery()}))`)).orderBy(orderBy)
      params = keys.getParams()
    }
    // The count's placeholders come first: it is the first column.
    return { sql: query.getQuery(), params: [...count.params, ...columnParams, ...params] }
  })
  const rows = await runShaped<Record<string, unknown>, P | PageParameter>(em, page, {
    ...values,
    limit: request.size,
    offset: pageOffset(request),
  })
  const [first] = rows
  if (first !== undefined) return [rows as Row[], Number(first[TOTAL])]
  if (pageOffset(request) === 0) return [[], 0]
  const counting = shapedStatement<P>(em, `${name}_count`, countOf)
  const [counted] = await runShaped<{ count: string | number }, P>(em, counting, values)
  return [[], Number(counted?.count ?? 0)]
}

/** The column of `property`, quoted. */
function columnOf<E extends object>(em: EntityManager, entity: EntityName<E>, property: EntityKey<E>): string {
  const [column] = em.getMetadata().find(entity)?.properties[property]?.fieldNames ?? []
  if (column === undefined) throw new Error(`no column for ${property}`)
  return `"${column}"`
}

/** A page of domain objects from a `findAndCount` or `findPage` result. */
export function pageOf<R, T>([records, total]: [R[], number], request: PageRequest, map: (record: R) => T): Page<T> {
  return { items: records.map(map), total, request }
}
