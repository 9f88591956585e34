import { pageOffset, type Page, type PageRequest } from '@cairn/core'
import type { EntityDictionary, EntityName, QueryOrderMap } from '@mikro-orm/core'
import { raw, type QBFilterQuery, type SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { FRESH } from './read-options.ts'

/** The LIMIT and OFFSET of one page, for `find`/`findAndCount`. */
export function pageWindow(request: PageRequest): { limit: number; offset: number } {
  return { limit: request.size, offset: pageOffset(request) }
}

/** The column carrying the total on every row of a page; no table has one by that name. */
const TOTAL = 'cairn_page_total'

/**
 * One page of `entity` matching `where`, and how many match in all, from one statement (one round
 * trip where `findAndCount` makes two): the count is an uncorrelated scalar subquery, which
 * PostgreSQL runs once, beside a page that its ORDER BY and LIMIT still serve from an index. (A
 * `count(*) over ()` window would make the page read and sort every match first.) A page past the
 * end has no row to carry the total, so only then is it counted apart.
 */
export async function findPage<E extends object>(
  em: EntityManager,
  entity: EntityName<E>,
  where: QBFilterQuery<E>,
  orderBy: QueryOrderMap<E> | QueryOrderMap<E>[],
  request: PageRequest,
): Promise<[E[], number]> {
  const count = em.createQueryBuilder<E, 'counted'>(entity, 'counted').count().where(where)
  const rows = await em
    .createQueryBuilder<E>(entity)
    .select(['*', raw(`(${count.getQuery()}) as ${TOTAL}`, count.getParams())])
    .where(where)
    .orderBy(orderBy)
    .limit(request.size)
    .offset(pageOffset(request))
    .execute<Record<string, unknown>[]>('all', false)
  const [first] = rows
  if (first === undefined) return [[], pageOffset(request) === 0 ? 0 : await count.getCount()]
  const records = rows.map(({ [TOTAL]: _total, ...row }) => em.map<E>(entity, row as EntityDictionary<E>, FRESH))
  return [records, Number(first[TOTAL])]
}

/** A page of domain objects from a `findAndCount` or `findPage` result. */
export function pageOf<R, T>([records, total]: [R[], number], request: PageRequest, map: (record: R) => T): Page<T> {
  return { items: records.map(map), total, request }
}
