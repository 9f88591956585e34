import type { CreatedToken } from '@cairn/core'
import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readAttributes } from '../jsonapi/attributes.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { readJsonBody, isObject } from '../jsonapi/request-document.ts'
import { tokenResource } from '../resources/token-resource.ts'
import { userResource } from '../resources/user-resource.ts'

const TOKEN = { description: { name: 'description', kind: 'string' } } as const

const created = ({ token, bearer }: CreatedToken) => ({ data: tokenResource(token, bearer) })

/** User, team and organization tokens, and the caller's own account. Mounted at /api/v2. */
export function tokenRoutes(deps: HttpDeps) {
  const { userTokens, serviceTokens } = deps
  return new Hono<AppEnv>()
    .get('/account/details', (c) => {
      const { principal } = c.var
      if (principal.kind !== 'user') return jsonApi(c, { errors: [{ status: '404', title: 'not found' }] }, 404)
      return jsonApi(c, { data: userResource(principal.user) })
    })
    .get('/users/:id', async (c) => jsonApi(c, { data: userResource(await deps.showUser.execute({ id: c.req.param('id') }, c.var.principal)) }))
    .post('/users/:id/authentication-tokens', async (c) => {
      const body = await readJsonBody(c)
      const data = isObject(body) && isObject(body['data']) ? body['data'] : {}
      const attributes = isObject(data['attributes']) ? data['attributes'] : {}
      const { description } = readAttributes(attributes, TOKEN)
      const token = await userTokens.create.execute(
        { user: { id: c.req.param('id') }, ...(description !== undefined && { description }) },
        c.var.principal,
      )
      return jsonApi(c, created(token), 201)
    })
    .get('/users/:id/authentication-tokens', async (c) => {
      const tokens = await userTokens.list.execute({ userId: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: tokens.map((token) => tokenResource(token)) })
    })
    .delete('/authentication-tokens/:id', async (c) => {
      await userTokens.revoke.execute({ tokenId: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
    .post('/teams/:id/authentication-token', async (c) => {
      const token = await serviceTokens.createTeamToken({ teamId: c.req.param('id') }, c.var.principal)
      return jsonApi(c, created(token), 201)
    })
    .delete('/teams/:id/authentication-token', async (c) => {
      await serviceTokens.revokeTeamToken({ teamId: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
    .post('/organizations/:org/authentication-token', async (c) => {
      const token = await serviceTokens.createOrganizationToken({ organizationName: c.req.param('org') }, c.var.principal)
      return jsonApi(c, created(token), 201)
    })
    .delete('/organizations/:org/authentication-token', async (c) => {
      await serviceTokens.revokeOrganizationToken({ organizationName: c.req.param('org') }, c.var.principal)
      return c.body(null, 204)
    })
}
