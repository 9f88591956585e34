import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readAttributes, requireAttributes } from '../jsonapi/attributes.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { readResource } from '../jsonapi/request-document.ts'
import { organizationResource } from '../resources/organization-resource.ts'

const ORGANIZATION = {
  name: { name: 'name', kind: 'string' },
  email: { name: 'email', kind: 'string' },
} as const

/** `/api/v2/organizations`: create, list, show, update (e-mail), delete. */
export function organizationRoutes(deps: HttpDeps) {
  const organizations = deps.organizations
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const values = readAttributes((await readResource(c, 'organizations')).attributes, ORGANIZATION)
      requireAttributes(values, ORGANIZATION, ['name', 'email'])
      const created = await organizations.create({ name: values.name ?? '', email: values.email ?? '' }, c.var.principal)
      return jsonApi(c, { data: organizationResource(created) }, 201)
    })
    .get('/', async (c) => {
      const page = await organizations.list(parsePageRequest((name) => c.req.query(name)), c.var.principal)
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(organizationResource)))
    })
    .get('/:name', async (c) => {
      const organization = await organizations.show({ name: c.req.param('name') }, c.var.principal)
      return jsonApi(c, { data: organizationResource(organization) })
    })
    .patch('/:name', async (c) => {
      const { email } = readAttributes((await readResource(c, 'organizations')).attributes, ORGANIZATION)
      const updated = await organizations.update(
        { name: c.req.param('name'), ...(email !== undefined && { email }) },
        c.var.principal,
      )
      return jsonApi(c, { data: organizationResource(updated) })
    })
    .delete('/:name', async (c) => {
      await organizations.remove({ name: c.req.param('name') }, c.var.principal)
      return c.body(null, 204)
    })
}
