import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readAttributes } from '../jsonapi/attributes.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { readResource } from '../jsonapi/request-document.ts'
import { oauthClientResource, oauthTokenResource } from '../resources/vcs-connection-resources.ts'

const CONNECTION = {
  serviceProvider: { name: 'service-provider', kind: 'string' },
  httpUrl: { name: 'http-url', kind: 'string' },
  apiUrl: { name: 'api-url', kind: 'string' },
  credential: { name: 'oauth-token-string', kind: 'string' },
  name: { name: 'name', kind: 'string' },
} as const

/** VCS connections in the real API's OAuth-client and OAuth-token shape. Mounted at /api/v2. */
export function vcsConnectionRoutes(deps: HttpDeps) {
  const connections = deps.vcsConnections
  return new Hono<AppEnv>()
    .get('/organizations/:org/oauth-clients', async (c) => {
      const page = await connections.list({ organizationName: c.req.param('org'), page: parsePageRequest((name) => c.req.query(name)) }, c.var.principal)
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(oauthClientResource)))
    })
    .post('/organizations/:org/oauth-clients', async (c) => {
      const values = readAttributes((await readResource(c, 'oauth-clients')).attributes, CONNECTION)
      const created = await connections.create({ ...values, organizationName: c.req.param('org') }, c.var.principal)
      return jsonApi(c, { data: oauthClientResource(created) }, 201)
    })
    .get('/oauth-clients/:id', async (c) => jsonApi(c, { data: oauthClientResource(await connections.show({ id: c.req.param('id') }, c.var.principal)) }))
    .patch('/oauth-clients/:id', async (c) => {
      const { serviceProvider: _fixed, ...values } = readAttributes((await readResource(c, 'oauth-clients')).attributes, CONNECTION)
      const updated = await connections.update({ ...values, id: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: oauthClientResource(updated) })
    })
    .delete('/oauth-clients/:id', async (c) => {
      await connections.remove({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
    .get('/oauth-clients/:id/oauth-tokens', async (c) => {
      const connection = await connections.show({ id: c.req.param('id') }, c.var.principal)
      const page = { items: [connection], total: 1, request: parsePageRequest((name) => c.req.query(name)) }
      return jsonApi(c, listDocument(c, deps.baseUrl, page, [oauthTokenResource(connection)]))
    })
    .get('/oauth-tokens/:id', async (c) =>
      jsonApi(c, { data: oauthTokenResource(await connections.showByToken({ tokenId: c.req.param('id') }, c.var.principal)) }),
    )
}
