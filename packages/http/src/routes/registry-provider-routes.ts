import { CairnError, isRegistryName, type ProviderAddress } from '@cairn/core'
import { Hono } from 'hono'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { includedOf, listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parseInclude } from '../jsonapi/query-parameters.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, queryParameter, resourceList } from '../openapi/responses.ts'
import { includedVersionsOf, registryProviderResource } from '../resources/registry-provider-resource.ts'
import { inFilteredOrganization, registryListQuery } from './registry-list-query.ts'
import { NEW_PROVIDER, readNewProvider } from './registry-provider-request.ts'

const TAG = 'registry-providers'
const INCLUDE = ['registry-provider-versions'] as const
const includeQuery = queryParameter('include', 'registry-provider-versions: the versions, in `included`')
const provider = oneResource('The provider', 'registry-providers')
const LIST = operation({
  summary: 'List an organization’s providers',
  tag: TAG,
  query: [
    queryParameter('q', 'Matches names and namespaces'),
    queryParameter('filter[registry_name]', 'private or public'),
    queryParameter('filter[organization_name]', 'The organization (any other finds nothing)'),
    includeQuery,
    ...PAGE_QUERY,
  ],
  responses: { 200: resourceList('A page of providers', 'registry-providers') },
})
const CREATE = operation({
  summary: 'Create a provider',
  description: 'A private provider’s namespace is its organization; public records exist in the hosted edition only.',
  tag: TAG,
  body: NEW_PROVIDER,
  responses: { 201: provider },
})
const SHOW = operation({ summary: 'Show a provider', tag: TAG, query: [includeQuery], responses: { 200: provider } })
const SHOW_BY_ID = operation({ summary: 'Show a provider by id', tag: TAG, query: [includeQuery], responses: { 200: provider } })
const DELETE = operation({
  summary: 'Delete a provider',
  description: 'With every version, platform and uploaded file.',
  tag: TAG,
  responses: { 204: noContent('Deleted') },
})

/** The provider a path names; an unknown registry name is simply not found. */
export function providerAddressOf(params: { org?: string; registry?: string; namespace?: string; name?: string }): {
  organizationName: string
  address: ProviderAddress
} {
  const registryName = params.registry ?? 'private'
  if (!isRegistryName(registryName)) throw CairnError.notFound('registry provider')
  return { organizationName: params.org ?? '', address: { registryName, namespace: params.namespace ?? '', name: params.name ?? '' } }
}

/** The registry-providers API of Terraform Enterprise (its versions and platforms have their own routes). Mounted at /api/v2. */
export function registryProviderRoutes(deps: RouteDeps) {
  const providers = deps.registryProviders
  const at = '/organizations/:org/registry-providers'
  const one = `${at}/:registry/:namespace/:name`
  const includeVersions = (raw: string | undefined) => parseInclude(raw, INCLUDE).includes('registry-provider-versions')
  return new Hono<AppEnv>()
    .get(at, LIST, async (c) => {
      const withVersions = includeVersions(c.req.query('include'))
      const page = await providers.list({ ...registryListQuery(c), includeVersions: withVersions }, c.var.principal)
      const filtered = inFilteredOrganization(c, page)
      const included = includedVersionsOf(filtered.items)
      return jsonApi(c, listDocument(c, deps.baseUrl, filtered, filtered.items.map(registryProviderResource), { included, emptyPages: 0 }))
    })
    .post(at, CREATE, async (c) => {
      const request = await readNewProvider(c)
      if ('refused' in request) return request.refused
      const view = await providers.create({ ...request, organizationName: c.req.param('org') }, c.var.principal)
      return jsonApi(c, { data: registryProviderResource(view) }, 201)
    })
    .get(one, SHOW, async (c) => {
      const view = await providers.show(
        { ...providerAddressOf(c.req.param()), includeVersions: includeVersions(c.req.query('include')) },
        c.var.principal,
      )
      return jsonApi(c, { data: registryProviderResource(view), ...includedOf(includedVersionsOf([view])) })
    })
    .delete(one, DELETE, async (c) => {
      await providers.delete(providerAddressOf(c.req.param()), c.var.principal)
      return c.body(null, 204)
    })
    .get('/registry-providers/:id', SHOW_BY_ID, async (c) => {
      const view = await providers.showById(
        { id: c.req.param('id'), includeVersions: includeVersions(c.req.query('include')) },
        c.var.principal,
      )
      return jsonApi(c, { data: registryProviderResource(view), ...includedOf(includedVersionsOf([view])) })
    })
}
