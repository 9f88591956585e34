import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readAttributes, requireAttributes } from '../jsonapi/attributes.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { readResource } from '../jsonapi/request-document.ts'
import { membershipResource } from '../resources/membership-resource.ts'
import { userResource } from '../resources/user-resource.ts'

const MEMBERSHIP = { email: { name: 'email', kind: 'string' } } as const

/** Organization memberships: owners add existing users by e-mail address. Mounted at /api/v2. */
export function membershipRoutes(deps: HttpDeps) {
  const memberships = deps.memberships
  return new Hono<AppEnv>()
    .post('/organizations/:org/organization-memberships', async (c) => {
      const values = readAttributes((await readResource(c, 'organization-memberships')).attributes, MEMBERSHIP)
      requireAttributes(values, MEMBERSHIP, ['email'])
      const { membership, user } = await memberships.add(
        { organizationName: c.req.param('org'), email: values.email ?? '' },
        c.var.principal,
      )
      return jsonApi(c, { data: membershipResource(membership), included: [userResource(user)] }, 201)
    })
    .get('/organizations/:org/organization-memberships', async (c) => {
      const page = await memberships.list(
        { organizationName: c.req.param('org'), page: parsePageRequest((name) => c.req.query(name)) },
        c.var.principal,
      )
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(membershipResource)))
    })
    .get('/organization-memberships/:id', async (c) => {
      const membership = await memberships.show({ id: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: membershipResource(membership) })
    })
    .delete('/organization-memberships/:id', async (c) => {
      await memberships.remove({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
}
