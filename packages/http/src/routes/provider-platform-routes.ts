import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, resourceList } from '../openapi/responses.ts'
import { providerPlatformResource } from '../resources/provider-platform-resource.ts'
import { providerLinkBases } from './provider-link-bases.ts'

/** A new platform. go-tfe names its type `registry-provider-version-platforms`, or leaves it empty. */
const NEW_PLATFORM = resourceDocument(
  'registry-provider-platforms',
  attributes({
    os: ['os', z.string()],
    arch: ['arch', z.string()],
    shasum: ['shasum', z.string()],
    filename: ['filename', z.string()],
  }),
  { typeMayBeBlank: true, otherTypes: ['registry-provider-version-platforms'] },
)

const TAG = 'registry-providers'
const platform = oneResource(
  'The platform; `links.provider-binary-upload` is where its zip goes until it is uploaded',
  'registry-provider-platforms',
)
const LIST = operation({
  summary: 'List a provider version’s platforms',
  tag: TAG,
  query: [...PAGE_QUERY],
  responses: { 200: resourceList('A page of platforms', 'registry-provider-platforms') },
})
const CREATE = operation({
  summary: 'Create a provider platform',
  description:
    'An `os`/`arch` with its zip’s `filename` and `shasum`, which must match a line of SHA256SUMS once that is uploaded. Then `PUT` the zip to the answer’s `links.provider-binary-upload`.',
  tag: TAG,
  body: NEW_PLATFORM,
  responses: { 201: platform },
})
const SHOW = operation({ summary: 'Show a provider platform', tag: TAG, responses: { 200: platform } })
const DELETE = operation({
  summary: 'Delete a provider platform',
  description: 'With its uploaded zip.',
  tag: TAG,
  responses: { 204: noContent('Deleted') },
})

/** The platforms of a private provider's version (go-tfe's RegistryProviderPlatforms). Mounted at /api/v2. */
export function providerPlatformRoutes(deps: RouteDeps) {
  const platforms = deps.providerPlatforms
  const at = '/organizations/:org/registry-providers/private/:namespace/:name/versions/:version/platforms'
  const versionOf = (params: { org: string; namespace: string; name: string; version: string }) => ({
    organizationName: params.org,
    namespace: params.namespace,
    name: params.name,
    version: params.version,
  })
  const platformOf = (params: { org: string; namespace: string; name: string; version: string; os: string; arch: string }) => ({
    ...versionOf(params),
    os: params.os,
    arch: params.arch,
  })
  return new Hono<AppEnv>()
    .get(at, LIST, async (c) => {
      const page = await platforms.list(
        { ...versionOf(c.req.param()), page: parsePageRequest((name) => c.req.query(name)) },
        c.var.principal,
      )
      const bases = providerLinkBases(c, deps)
      return jsonApi(
        c,
        listDocument(
          c,
          deps.baseUrl,
          page,
          page.items.map((view) => providerPlatformResource(view, bases)),
          { emptyPages: 0 },
        ),
      )
    })
    .post(at, CREATE, async (c) => {
      const values = (await readDocument(c, NEW_PLATFORM)).data.attributes
      const view = await platforms.create({ ...versionOf(c.req.param()), ...values }, c.var.principal)
      return jsonApi(c, { data: providerPlatformResource(view, providerLinkBases(c, deps)) }, 201)
    })
    .get(`${at}/:os/:arch`, SHOW, async (c) => {
      const view = await platforms.show(platformOf(c.req.param()), c.var.principal)
      return jsonApi(c, { data: providerPlatformResource(view, providerLinkBases(c, deps)) })
    })
    .delete(`${at}/:os/:arch`, DELETE, async (c) => {
      await platforms.delete(platformOf(c.req.param()), c.var.principal)
      return c.body(null, 204)
    })
}
