import { Hono } from 'hono'
import { z } from 'zod'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, resourceList } from '../openapi/responses.ts'
import { organizationResource } from '../resources/organization-resource.ts'

/** The settings Cairn keeps of those the real API takes; the others (session timeouts, cost estimation, …) are ignored. */
const SETTINGS = {
  collaboratorAuthPolicy: ['collaborator-auth-policy', optional(z.string())],
  speculativePlanManagementEnabled: ['speculative-plan-management-enabled', optional(z.boolean())],
} as const
const NEW_ORGANIZATION = resourceDocument(
  'organizations',
  attributes({ name: ['name', z.string()], email: ['email', z.string()], ...SETTINGS }),
)
const ORGANIZATION_CHANGE = resourceDocument('organizations', attributes({ email: ['email', optional(z.string())], ...SETTINGS }))

const TAG = 'organizations'
const CREATE = operation({
  summary: 'Create an organization',
  tag: TAG,
  body: NEW_ORGANIZATION,
  responses: { 201: oneResource('The organization', 'organizations') },
})
const LIST = operation({
  summary: 'List organizations',
  tag: TAG,
  query: PAGE_QUERY,
  responses: { 200: resourceList('A page of organizations', 'organizations') },
})
const SHOW = operation({ summary: 'Show an organization', tag: TAG, responses: { 200: oneResource('The organization', 'organizations') } })
const UPDATE = operation({
  summary: 'Change an organization’s e-mail or settings',
  tag: TAG,
  body: ORGANIZATION_CHANGE,
  responses: { 200: oneResource('The organization', 'organizations') },
})
const DELETE = operation({ summary: 'Delete an organization', tag: TAG, responses: { 204: noContent('Deleted') } })

/** `/api/v2/organizations`: create, list, show, update (e-mail and settings), delete. */
export function organizationRoutes(deps: RouteDeps) {
  const organizations = deps.organizations
  const cached = cachedRead(deps)
  return new Hono<AppEnv>()
    .post('/', CREATE, async (c) => {
      const created = await organizations.create((await readDocument(c, NEW_ORGANIZATION)).data.attributes, c.var.principal)
      return jsonApi(c, { data: organizationResource(created) }, 201)
    })
    .get('/', LIST, cached, async (c) => {
      const page = await organizations.list(
        parsePageRequest((name) => c.req.query(name)),
        c.var.principal,
      )
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(organizationResource)))
    })
    .get('/:name', SHOW, cached, async (c) => {
      const organization = await organizations.show({ name: c.req.param('name') }, c.var.principal)
      return jsonApi(c, { data: organizationResource(organization) })
    })
    .patch('/:name', UPDATE, async (c) => {
      const change = (await readDocument(c, ORGANIZATION_CHANGE)).data.attributes
      const updated = await organizations.update({ name: c.req.param('name'), ...change }, c.var.principal)
      return jsonApi(c, { data: organizationResource(updated) })
    })
    .delete('/:name', DELETE, async (c) => {
      await organizations.remove({ name: c.req.param('name') }, c.var.principal)
      return c.body(null, 204)
    })
}
