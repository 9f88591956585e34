import type { Page } from '@cairn/core'
import type { Context } from 'hono'
import { paginationLinks, paginationMeta } from './pagination.ts'
import { publicUrl } from './public-url.ts'

/** A resource object as Cairn serialises it. */
export interface ResourceObject {
  readonly id: string
  readonly type: string
  readonly attributes?: Readonly<Record<string, unknown>>
  readonly relationships?: Readonly<Record<string, unknown>>
  readonly links?: Readonly<Record<string, string>>
}

/** A to-one relationship: `{ data: { id, type } }`, or `{ data: null }`. */
export function toOne(type: string, id: string | null | undefined) {
  return { data: id === null || id === undefined ? null : { id, type } }
}

/** A to-many relationship: `{ data: [{ id, type }, …] }`. */
export function toMany(type: string, ids: readonly string[]) {
  return { data: ids.map((id) => ({ id, type })) }
}

/** `included` without duplicates (by type and id), in first-seen order; absent when empty. */
export function includedOf(resources: readonly ResourceObject[]): { included?: ResourceObject[] } {
  const seen = new Map<string, ResourceObject>()
  for (const resource of resources) seen.set(`${resource.type}/${resource.id}`, seen.get(`${resource.type}/${resource.id}`) ?? resource)
  return seen.size === 0 ? {} : { included: [...seen.values()] }
}

/** A list document for one page: `data`, `links` and `meta.pagination` (plus any other meta). */
export function listDocument(
  c: Context,
  baseUrl: URL | undefined,
  page: Page<unknown>,
  data: readonly ResourceObject[],
  extra: { readonly meta?: Record<string, unknown>; readonly included?: readonly ResourceObject[]; readonly emptyPages?: 0 | 1 } = {},
) {
  const pagination = paginationMeta(page, extra.emptyPages)
  return {
    data,
    ...includedOf(extra.included ?? []),
    links: paginationLinks(publicUrl(c, baseUrl), pagination),
    meta: { pagination, ...extra.meta },
  }
}
