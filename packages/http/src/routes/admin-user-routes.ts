import type { UserAction } from '@cairn/core'
import { Hono } from 'hono'
import { z } from 'zod'
import { setSessionCookie } from '../auth/session-cookie.ts'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { optionalText, parseBooleanFilter, parseInclude } from '../jsonapi/query-parameters.ts'
import { readDocument, readJsonBody } from '../jsonapi/request-document.ts'
import { attributes, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, queryParameter, resourceList } from '../openapi/responses.ts'
import { userResource } from '../resources/user-resource.ts'

const ACTIONS: Readonly<Record<UserAction, string>> = {
  suspend: 'Suspend a user',
  unsuspend: 'Unsuspend a user',
  grant_admin: 'Make a user a site administrator',
  revoke_admin: 'Take site administration from a user',
  disable_two_factor: 'Disable a user’s two-factor authentication',
}

const NEW_USER = resourceDocument(
  'users',
  attributes({
    username: ['username', z.string()],
    email: ['email', z.string()],
    isSiteAdmin: ['is-admin', optional(z.boolean())],
    isServiceAccount: ['is-service-account', optional(z.boolean())],
  }),
)

/** Plain JSON, not JSON:API. A body without a string reason gives none, which the use case refuses. */
const IMPERSONATION = z.object({ reason: z.string() })

const LIST_QUERY = [
  queryParameter('q', 'Matches usernames and e-mail addresses'),
  queryParameter('filter[admin]', 'true or false: site administrators only, or none'),
  queryParameter('filter[suspended]', 'true or false'),
  queryParameter('include', 'organizations'),
  ...PAGE_QUERY,
]

/** Spec §4.3, mounted under both admin prefixes; `POST /` (create a user) is a Cairn extension. */
export function adminUserRoutes(deps: RouteDeps) {
  const routes = new Hono<AppEnv>()
    .get(
      '/',
      operation({ summary: 'List users', tag: 'admin', query: LIST_QUERY, responses: { 200: resourceList('A page of users', 'users') } }),
      cachedRead(deps),
      async (c) => {
        const include = parseInclude(c.req.query('include'), ['organizations'] as const)
        const isSiteAdmin = parseBooleanFilter('filter[admin]', c.req.query('filter[admin]'))
        const isSuspended = parseBooleanFilter('filter[suspended]', c.req.query('filter[suspended]'))
        const search = optionalText(c.req.query('q'))
        const result = await deps.adminUsers.list(
          {
            ...(search !== undefined && { search }),
            ...(isSiteAdmin !== undefined && { isSiteAdmin }),
            ...(isSuspended !== undefined && { isSuspended }),
            page: parsePageRequest((name) => c.req.query(name)),
            includeOrganizations: include.includes('organizations'),
          },
          c.var.principal,
        )
        const { organizations } = result
        const data = result.page.items.map((user) => userResource(user, organizations && (organizations.get(user.id) ?? [])))
        const included = [...(organizations?.values() ?? [])].flat().map((name) => ({ id: name, type: 'organizations' }))
        return jsonApi(c, listDocument(c, deps.baseUrl, result.page, data, { meta: { 'status-counts': result.statusCounts }, included }))
      },
    )
    .post(
      '/',
      operation({ summary: 'Create a user', tag: 'admin', body: NEW_USER, responses: { 201: oneResource('The user', 'users') } }),
      async (c) => {
        const user = await deps.createUser.execute((await readDocument(c, NEW_USER)).data.attributes, c.var.principal)
        return jsonApi(c, { data: userResource(user) }, 201)
      },
    )
    .delete('/:id', operation({ summary: 'Delete a user', tag: 'admin', responses: { 204: noContent('Deleted') } }), async (c) => {
      await deps.adminUsers.remove({ userId: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
    .post(
      '/:id/actions/impersonate',
      operation({
        summary: 'Impersonate a user',
        description: 'Sets the session cookie to act as the user; the reason is required and audited.',
        tag: 'admin',
        body: IMPERSONATION,
        bodyType: 'application/json',
        responses: { 204: noContent('Impersonating; the session cookie is set') },
      }),
      async (c) => {
        // A body that is not JSON carries no reason either: the spec's answer is 400.
        const parsed = IMPERSONATION.safeParse(await readJsonBody(c).catch(() => undefined))
        const reason = parsed.success ? parsed.data.reason : undefined
        const { cookie } = await deps.impersonation.start({ userId: c.req.param('id'), reason }, c.var.principal)
        setSessionCookie(c, deps.baseUrl, cookie)
        return c.body(null, 204)
      },
    )
  for (const [action, summary] of Object.entries(ACTIONS) as [UserAction, string][]) {
    routes.post(
      `/:id/actions/${action}`,
      operation({ summary, tag: 'admin', responses: { 200: oneResource('The user', 'users') } }),
      async (c) => {
        const user = await deps.adminUsers.act({ userId: c.req.param('id'), action }, c.var.principal)
        return jsonApi(c, { data: userResource(user) })
      },
    )
  }
  return routes
}
