import { pageOffset, type Page, type PageRequest } from '@cairn/core'
import type { EntityDictionary, EntityName, QueryOrderMap } from '@mikro-orm/core'
import { raw, type QBFilterQuery, type RawQueryFragment, type SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { FRESH } from './read-options.ts'

/** The LIMIT and OFFSET of one page, for `find`/`findAndCount`. */
export function pageWindow(request: PageRequest): { limit: number; offset: number } {
  return { limit: request.size, offset: pageOffset(request) }
}

/** The alias of the page's table, for `extra` columns that refer to it. */
export const PAGED = 'paged'

/** The column carrying the total on every row of a page; no table has one by that name. */
const TOTAL = 'cairn_page_total'

/**
 * One page of `entity` matching `where`, and how many match in all, from one statement (one round
 * trip where `findAndCount` makes two): the count is an uncorrelated scalar subquery, which
 * PostgreSQL runs once, beside a page that its ORDER BY and LIMIT still serve from an index. (A
 * `count(*) over ()` window would make the page read and sort every match first.) A page past the
 * end has no row to carry the total, so only then is it counted apart. The rows are as the
 * database returns them (column names), `mapped` is false; or as `EntityData`, property names and
 * typed values but no entity, when it is true. `extra` are more columns, which may refer to the
 * page's table as `PAGED`.
 */
async function pageRows<E extends object>(
  em: EntityManager,
  entity: EntityName<E>,
  where: QBFilterQuery<E>,
  orderBy: QueryOrderMap<E> | QueryOrderMap<E>[],
  request: PageRequest,
  mapped: boolean,
  extra: readonly RawQueryFragment[] = [],
): Promise<[Record<string, unknown>[], number]> {
  const count = em.createQueryBuilder<E, 'counted'>(entity, 'counted').count().where(where)
  const rows = await em
    .createQueryBuilder<E, typeof PAGED>(entity, PAGED)
    .select(['*', raw(`(${count.getQuery()}) as ${TOTAL}`, count.getParams()), ...extra])
    .where(where)
    .orderBy(orderBy)
    .limit(request.size)
    .offset(pageOffset(request))
    .execute<Record<string, unknown>[]>('all', mapped)
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
  const [rows, total] = await pageRows(em, entity, where, orderBy, request, false)
  return [rows.map((row) => em.map<E>(entity, row as EntityDictionary<E>, FRESH)), total]
}

/**
 * `pageRows` as plain data, for the hot lists: no entity, identity map or snapshot is made for
 * rows that are only turned into domain objects and dropped. `Row` is the entity's shape with each
 * relation as its key, and the `extra` columns, which the caller states.
 */
export async function findPageData<E extends object, Row>(
  em: EntityManager,
  entity: EntityName<E>,
  where: QBFilterQuery<E>,
  orderBy: QueryOrderMap<E> | QueryOrderMap<E>[],
  request: PageRequest,
  extra: readonly RawQueryFragment[] = [],
): Promise<[Row[], number]> {
  const [rows, total] = await pageRows(em, entity, where, orderBy, request, true, extra)
  return [rows as Row[], total]
}

/** A page of domain objects from a `findAndCount` or `findPage` result. */
export function pageOf<R, T>([records, total]: [R[], number], request: PageRequest, map: (record: R) => T): Page<T> {
  return { items: records.map(map), total, request }
}
