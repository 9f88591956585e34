import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageRequest } from '@cairn/core'

import { queryError } from './query-parameters.ts'

/**
 * Reads `page[number]` and `page[size]`. Absent values take the defaults (1 and 20); a size above
 * the maximum of 100 is capped, as the real API does; anything that is not a positive whole
 * number is a `bad_request` naming the parameter.
 */
export function parsePageRequest(query: (name: string) => string | undefined): PageRequest {
  const number = positiveInteger(query, 'page[number]') ?? 1
  const size = positiveInteger(query, 'page[size]') ?? DEFAULT_PAGE_SIZE
  return { number, size: Math.min(size, MAX_PAGE_SIZE) }
}

function positiveInteger(query: (name: string) => string | undefined, name: string): number | undefined {
  const raw = query(name)
  if (raw === undefined) return undefined
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(value >= 1)) {
    throw queryError(name, 'must be a positive whole number')
  }
  return value
}

export interface PaginationMeta {
  readonly 'current-page': number
  readonly 'page-size': number
  readonly 'prev-page': number | null
  readonly 'next-page': number | null
  readonly 'total-pages': number
  readonly 'total-count': number
}

/**
 * The pagination of a page. An empty list has one page, except where the client expects none
 * (`emptyPages: 0`): go-tfe's provider registry tests read `total-pages` 0 for an empty list.
 */
export function paginationMeta(page: Page<unknown>, emptyPages: 0 | 1 = 1): PaginationMeta {
  const totalPages = Math.max(emptyPages, Math.ceil(page.total / page.request.size))
  const current = page.request.number
  return {
    'current-page': current,
    'page-size': page.request.size,
    'prev-page': current > 1 ? Math.min(current - 1, Math.max(1, totalPages)) : null,
    'next-page': current < totalPages ? current + 1 : null,
    'total-pages': totalPages,
    'total-count': page.total,
  }
}

/** The `links` of a list document: absolute URLs repeating the query, brackets percent-encoded. */
export function paginationLinks(requestUrl: URL, meta: PaginationMeta) {
  const at = (number: number | null): string | null => {
    if (number === null) return null
    const url = new URL(requestUrl)
    url.searchParams.set('page[number]', String(number))
    url.searchParams.set('page[size]', String(meta['page-size']))
    return url.toString()
  }
  return {
    self: at(meta['current-page']),
    first: at(1),
    prev: at(meta['prev-page']),
    next: at(meta['next-page']),
    last: at(Math.max(1, meta['total-pages'])),
  }
}
