import { pageOffset, type Page, type PageRequest } from '@cairn/core'

/** The LIMIT and OFFSET of one page, for `find`/`findAndCount`. */
export function pageWindow(request: PageRequest): { limit: number; offset: number } {
  return { limit: request.size, offset: pageOffset(request) }
}

/** A page of domain objects from a `findAndCount` result. */
export function pageOf<R, T>([records, total]: [R[], number], request: PageRequest, map: (record: R) => T): Page<T> {
  return { items: records.map(map), total, request }
}
