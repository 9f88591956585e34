import type { UserAction } from '@cairn/core'
import { Hono } from 'hono'
import { setSessionCookie } from '../auth/session-cookie.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { optionalText, parseBooleanFilter, parseInclude } from '../jsonapi/query-parameters.ts'
import { isObject, readJsonBody, readResource } from '../jsonapi/request-document.ts'
import { readAttributes, requireAttributes } from '../jsonapi/attributes.ts'
import { userResource } from '../resources/user-resource.ts'

const ACTIONS: readonly UserAction[] = ['suspend', 'unsuspend', 'grant_admin', 'revoke_admin', 'disable_two_factor']

const NEW_USER = {
  username: { name: 'username', kind: 'string' },
  email: { name: 'email', kind: 'string' },
  isSiteAdmin: { name: 'is-admin', kind: 'boolean' },
  isServiceAccount: { name: 'is-service-account', kind: 'boolean' },
} as const

/** Spec §4.3, mounted under both admin prefixes; `POST /` (create a user) is a Cairn extension. */
export function adminUserRoutes(deps: HttpDeps) {
  const routes = new Hono<AppEnv>()
    .get('/', async (c) => {
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
      return jsonApi(
        c,
        listDocument(c, deps.baseUrl, result.page, data, { meta: { 'status-counts': result.statusCounts }, included }),
      )
    })
    .post('/', async (c) => {
      const values = readAttributes((await readResource(c, 'users')).attributes, NEW_USER)
      requireAttributes(values, NEW_USER, ['username', 'email'])
      const user = await deps.createUser.execute({ ...values, username: values.username ?? '', email: values.email ?? '' }, c.var.principal)
      return jsonApi(c, { data: userResource(user) }, 201)
    })
    .delete('/:id', async (c) => {
      await deps.adminUsers.remove({ userId: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
    .post('/:id/actions/impersonate', async (c) => {
      // A body that is not JSON carries no reason either: the spec's answer is 400.
      const body: unknown = await readJsonBody(c).catch(() => undefined)
      const reason = isObject(body) && typeof body['reason'] === 'string' ? body['reason'] : undefined
      const { cookie } = await deps.impersonation.start({ userId: c.req.param('id'), reason }, c.var.principal)
      setSessionCookie(c, deps.baseUrl, cookie)
      return c.body(null, 204)
    })
  for (const action of ACTIONS) {
    routes.post(`/:id/actions/${action}`, async (c) => {
      const user = await deps.adminUsers.act({ userId: c.req.param('id'), action }, c.var.principal)
      return jsonApi(c, { data: userResource(user) })
    })
  }
  return routes
}
