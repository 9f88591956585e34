import { isRegistryName, type Page, type PageRequest, type RegistryName } from '@cairn/core'
import type { Context } from 'hono'
import type { AppEnv } from '../http-deps.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { optionalText, queryError } from '../jsonapi/query-parameters.ts'

/** What the lists of an organization's modules and providers both take: `q`, `filter[registry_name]` and the page. */
export function registryListQuery(c: Context<AppEnv>): {
  organizationName: string
  search?: string
  registryName?: RegistryName
  page: PageRequest
} {
  const search = optionalText(c.req.query('q'))
  const registryName = optionalText(c.req.query('filter[registry_name]'))
  if (registryName !== undefined && !isRegistryName(registryName)) {
    throw queryError('filter[registry_name]', 'must be private or public')
  }
  return {
    organizationName: c.req.param('org') ?? '',
    ...(search !== undefined && { search }),
    ...(registryName !== undefined && { registryName }),
    page: parsePageRequest((name) => c.req.query(name)),
  }
}

/**
 * The page as `filter[organization_name]` leaves it: everything listed belongs to the path's
 * organization, so another organization's name filters out everything, and the counts say so too.
 */
export function inFilteredOrganization<T>(c: Context<AppEnv>, page: Page<T>): Page<T> {
  const filter = optionalText(c.req.query('filter[organization_name]'))
  return filter === undefined || filter === c.req.param('org') ? page : { ...page, items: [], total: 0 }
}
