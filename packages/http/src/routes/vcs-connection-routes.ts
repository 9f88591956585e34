import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { oauthClientResource, oauthTokenResource } from '../resources/vcs-connection-resources.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, resourceList } from '../openapi/responses.ts'

/** Every attribute is optional here; the use case says which a connection needs. */
const CONNECTION = resourceDocument(
  'oauth-clients',
  attributes({
    serviceProvider: ['service-provider', optional(z.string())],
    httpUrl: ['http-url', optional(z.string())],
    apiUrl: ['api-url', optional(z.string())],
    credential: ['oauth-token-string', optional(z.string())],
    name: ['name', optional(z.string())],
  }),
)

const TAG = 'vcs'
const client = oneResource('The connection, as an OAuth client', 'oauth-clients')
const LIST = operation({
  summary: 'List VCS connections (OAuth clients)',
  tag: TAG,
  query: PAGE_QUERY,
  responses: { 200: resourceList('A page of OAuth clients', 'oauth-clients') },
})
const CREATE = operation({ summary: 'Create a VCS connection (OAuth client)', tag: TAG, body: CONNECTION, responses: { 201: client } })
const SHOW = operation({ summary: 'Show a VCS connection', tag: TAG, responses: { 200: client } })
const UPDATE = operation({
  summary: 'Change a VCS connection',
  description: 'The service provider cannot change.',
  tag: TAG,
  body: CONNECTION,
  responses: { 200: client },
})
const DELETE = operation({ summary: 'Delete a VCS connection', tag: TAG, responses: { 204: noContent('Deleted') } })
const TOKENS = operation({
  summary: 'List a connection’s OAuth tokens',
  tag: TAG,
  responses: { 200: resourceList('Its one OAuth token', 'oauth-tokens') },
})
const TOKEN = operation({ summary: 'Show an OAuth token', tag: TAG, responses: { 200: oneResource('The OAuth token', 'oauth-tokens') } })

/** VCS connections in the real API's OAuth-client and OAuth-token shape. Mounted at /api/v2. */
export function vcsConnectionRoutes(deps: HttpDeps) {
  const connections = deps.vcsConnections
  return new Hono<AppEnv>()
    .get('/organizations/:org/oauth-clients', LIST, async (c) => {
      const page = await connections.list(
        { organizationName: c.req.param('org'), page: parsePageRequest((name) => c.req.query(name)) },
        c.var.principal,
      )
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(oauthClientResource)))
    })
    .post('/organizations/:org/oauth-clients', CREATE, async (c) => {
      const values = (await readDocument(c, CONNECTION)).data.attributes
      const created = await connections.create({ ...values, organizationName: c.req.param('org') }, c.var.principal)
      return jsonApi(c, { data: oauthClientResource(created) }, 201)
    })
    .get('/oauth-clients/:id', SHOW, async (c) =>
      jsonApi(c, { data: oauthClientResource(await connections.show({ id: c.req.param('id') }, c.var.principal)) }),
    )
    .patch('/oauth-clients/:id', UPDATE, async (c) => {
      const { serviceProvider: _fixed, ...values } = (await readDocument(c, CONNECTION)).data.attributes
      const updated = await connections.update({ ...values, id: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: oauthClientResource(updated) })
    })
    .delete('/oauth-clients/:id', DELETE, async (c) => {
      await connections.remove({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
    .get('/oauth-clients/:id/oauth-tokens', TOKENS, async (c) => {
      const connection = await connections.show({ id: c.req.param('id') }, c.var.principal)
      const page = { items: [connection], total: 1, request: parsePageRequest((name) => c.req.query(name)) }
      return jsonApi(c, listDocument(c, deps.baseUrl, page, [oauthTokenResource(connection)]))
    })
    .get('/oauth-tokens/:id', TOKEN, async (c) =>
      jsonApi(c, { data: oauthTokenResource(await connections.showByToken({ tokenId: c.req.param('id') }, c.var.principal)) }),
    )
}
