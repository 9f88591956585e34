import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, resourceList } from '../openapi/responses.ts'
import { providerVersionResource } from '../resources/provider-version-resource.ts'
import { providerLinkBases } from './provider-link-bases.ts'

/** A new version. go-tfe sends an empty `type`, and `"protocols": null` when none are given. */
const NEW_PROVIDER_VERSION = resourceDocument(
  'registry-provider-versions',
  attributes({
    version: ['version', z.string()],
    keyId: ['key-id', z.string()],
    protocols: ['protocols', optional(z.array(z.string()))],
  }),
  { typeMayBeBlank: true },
)

const TAG = 'registry-providers'
const version = oneResource(
  'The version; `links` has `shasums-upload` and `shasums-sig-upload` while those files are missing',
  'registry-provider-versions',
)
const LIST = operation({
  summary: 'List a provider’s versions',
  tag: TAG,
  query: [...PAGE_QUERY],
  responses: { 200: resourceList('A page of versions', 'registry-provider-versions') },
})
const CREATE = operation({
  summary: 'Create a provider version',
  description:
    'Signed by the namespace’s GPG key `key-id`. Then `PUT` SHA256SUMS and its binary detached signature to the upload links of the answer.',
  tag: TAG,
  body: NEW_PROVIDER_VERSION,
  responses: { 201: version },
})
const SHOW = operation({ summary: 'Show a provider version', tag: TAG, responses: { 200: version } })
const DELETE = operation({
  summary: 'Delete a provider version',
  description: 'With its platforms and uploaded files.',
  tag: TAG,
  responses: { 204: noContent('Deleted') },
})

/** The versions of a private provider (go-tfe's RegistryProviderVersions). Mounted at /api/v2. */
export function providerVersionRoutes(deps: RouteDeps) {
  const versions = deps.providerVersions
  const at = '/organizations/:org/registry-providers/private/:namespace/:name/versions'
  const providerOf = (params: { org: string; namespace: string; name: string }) => ({
    organizationName: params.org,
    namespace: params.namespace,
    name: params.name,
  })
  return new Hono<AppEnv>()
    .get(at, LIST, async (c) => {
      const page = await versions.list(
        { ...providerOf(c.req.param()), page: parsePageRequest((name) => c.req.query(name)) },
        c.var.principal,
      )
      const bases = providerLinkBases(c, deps)
      const data = page.items.map((view) => providerVersionResource(view, bases))
      return jsonApi(c, listDocument(c, deps.baseUrl, page, data, { emptyPages: 0 }))
    })
    .post(at, CREATE, async (c) => {
      const { version, keyId, protocols } = (await readDocument(c, NEW_PROVIDER_VERSION)).data.attributes
      const view = await versions.create({ ...providerOf(c.req.param()), version, keyId, protocols: protocols ?? [] }, c.var.principal)
      return jsonApi(c, { data: providerVersionResource(view, providerLinkBases(c, deps)) }, 201)
    })
    .get(`${at}/:version`, SHOW, async (c) => {
      const view = await versions.show({ ...providerOf(c.req.param()), version: c.req.param('version') }, c.var.principal)
      return jsonApi(c, { data: providerVersionResource(view, providerLinkBases(c, deps)) })
    })
    .delete(`${at}/:version`, DELETE, async (c) => {
      await versions.delete({ ...providerOf(c.req.param()), version: c.req.param('version') }, c.var.principal)
      return c.body(null, 204)
    })
}
