/** Which slice of a list to return; `number` counts from 1. */
export interface PageRequest {
  readonly number: number
  readonly size: number
}

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100

/** One page of a list, with the size of the whole list so clients can page through it. */
export interface Page<T> {
  readonly items: readonly T[]
  readonly total: number
  readonly request: PageRequest
}

/** The row offset where a page starts. */
export function pageOffset(request: PageRequest): number {
  return (request.number - 1) * request.size
}
