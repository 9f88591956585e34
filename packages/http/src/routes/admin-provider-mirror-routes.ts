import { Hono } from 'hono'
import { authenticate } from '../auth/authenticate.ts'
import { bytesOf } from '../byte-streams.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, PAGE_QUERY, resourceList } from '../openapi/responses.ts'
import { mirroredArchiveResource } from '../resources/mirrored-archive-resource.ts'

const LIST = operation({
  summary: 'List what the provider mirror holds',
  description: 'Every archive, by provider, version and platform, with its size, hashes and when it was last used.',
  tag: 'admin',
  query: PAGE_QUERY,
  responses: { 200: resourceList('A page of mirrored archives', 'mirrored-provider-archives') },
})
const REMOVE = operation({
  summary: 'Remove a provider version from the mirror',
  tag: 'admin',
  responses: { 204: noContent('Its archives and their blobs are gone') },
})
const IMPORT = operation({
  summary: 'Import a terraform providers mirror tree',
  description:
    'The body is a tar (gzipped or not) of the folder `terraform providers mirror DIR` wrote (`tar -C DIR -c . | curl -T - …`). Every archive is checked against the hashes in the tree; nothing is stored unless all match.',
  tag: 'admin',
  responses: { 201: resourceList('The archives imported (those already held are left out)', 'mirrored-provider-archives') },
})

/** `GET /api/v2/admin/provider-mirror` and `DELETE …/:hostname/:namespace/:type/:version`. */
export function adminProviderMirrorRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>()
    .get('/', LIST, async (c) => {
      const page = await deps.manageProviderMirror.list(
        parsePageRequest((name) => c.req.query(name)),
        c.var.principal,
      )
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(mirroredArchiveResource)))
    })
    .delete('/:hostname/:namespace/:type/:version', REMOVE, async (c) => {
      const { hostname, namespace, type, version } = c.req.param()
      await deps.manageProviderMirror.removeVersion({ hostname: hostname.toLowerCase(), namespace, type }, version, c.var.principal)
      return c.body(null, 204)
    })
}

/**
 * `POST …/admin/provider-mirror/imports`, registered before the app's JSON body limit: the tree
 * streams through to the use case, which stores each zip as it arrives. Site admins only (the
 * use case decides).
 */
export function providerMirrorImportRoutes(deps: HttpDeps, prefix: string) {
  const at = `${prefix}/provider-mirror/imports`
  return new Hono<AppEnv>().use(at, authenticate(deps)).post(at, IMPORT, async (c) => {
    const { imported } = await deps.importMirrorTree.execute({ tree: bytesOf(c.req.raw.body) }, c.var.principal)
    return jsonApi(c, { data: imported.map(mirroredArchiveResource) }, 201)
  })
}
