import type { CreatedToken } from '@cairn/core'
import { Hono } from 'hono'
import { z } from 'zod'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { tokenResource } from '../resources/token-resource.ts'
import { userResource } from '../resources/user-resource.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, optional } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, resourceList } from '../openapi/responses.ts'

/** Every part may be left out: a token needs no description, and clients send bare requests. */
const NEW_TOKEN = z.object({
  data: optional(z.object({ attributes: optional(attributes({ description: ['description', optional(z.string())] })) })),
})

const TAG = 'tokens'
const token = (description: string) => oneResource(description, 'authentication-tokens')
const ACCOUNT = operation({
  summary: 'Show the caller’s account',
  tag: TAG,
  responses: { 200: oneResource('The signed-in user', 'users') },
})
const SHOW_USER = operation({ summary: 'Show a user', tag: TAG, responses: { 200: oneResource('The user', 'users') } })
const CREATE_USER_TOKEN = operation({
  summary: 'Create a user token',
  tag: TAG,
  body: NEW_TOKEN,
  responses: { 201: token('The token, with its secret shown once') },
})
const LIST_USER_TOKENS = operation({
  summary: 'List a user’s tokens',
  tag: TAG,
  responses: { 200: resourceList('The tokens', 'authentication-tokens') },
})
const REVOKE_USER_TOKEN = operation({ summary: 'Revoke a user token', tag: TAG, responses: { 204: noContent('Revoked') } })
const CREATE_TEAM_TOKEN = operation({
  summary: 'Create (or replace) a team token',
  tag: TAG,
  responses: { 201: token('The token, with its secret shown once') },
})
const SHOW_TEAM_TOKEN = operation({
  summary: 'Show a team token, without its secret',
  tag: TAG,
  responses: { 200: token('The token') },
})
const REVOKE_TEAM_TOKEN = operation({ summary: 'Revoke a team token', tag: TAG, responses: { 204: noContent('Revoked') } })
const CREATE_ORGANIZATION_TOKEN = operation({
  summary: 'Create (or replace) an organization token',
  tag: TAG,
  responses: { 201: token('The token, with its secret shown once') },
})
const REVOKE_ORGANIZATION_TOKEN = operation({ summary: 'Revoke an organization token', tag: TAG, responses: { 204: noContent('Revoked') } })

const created = ({ token, bearer }: CreatedToken) => ({ data: tokenResource(token, bearer) })

/** User, team and organization tokens, and the caller's own account. Mounted at /api/v2. */
export function tokenRoutes(deps: RouteDeps) {
  const { userTokens, serviceTokens } = deps
  const cached = cachedRead(deps)
  return new Hono<AppEnv>()
    .get('/account/details', ACCOUNT, (c) => {
      const { principal } = c.var
      if (principal.kind !== 'user') return jsonApi(c, { errors: [{ status: '404', title: 'not found' }] }, 404)
      return jsonApi(c, { data: userResource(principal.user) })
    })
    .get('/users/:id', SHOW_USER, cached, async (c) =>
      jsonApi(c, { data: userResource(await deps.showUser.execute({ id: c.req.param('id') }, c.var.principal)) }),
    )
    .post('/users/:id/authentication-tokens', CREATE_USER_TOKEN, async (c) => {
      const attributes = (await readDocument(c, NEW_TOKEN)).data?.attributes
      const token = await userTokens.create.execute({ user: { id: c.req.param('id') }, ...attributes }, c.var.principal)
      return jsonApi(c, created(token), 201)
    })
    .get('/users/:id/authentication-tokens', LIST_USER_TOKENS, cached, async (c) => {
      const tokens = await userTokens.list.execute({ userId: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: tokens.map((token) => tokenResource(token)) })
    })
    .delete('/authentication-tokens/:id', REVOKE_USER_TOKEN, async (c) => {
      await userTokens.revoke.execute({ tokenId: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
    .post('/teams/:id/authentication-token', CREATE_TEAM_TOKEN, async (c) => {
      const token = await serviceTokens.createTeamToken({ teamId: c.req.param('id') }, c.var.principal)
      return jsonApi(c, created(token), 201)
    })
    .get('/teams/:id/authentication-token', SHOW_TEAM_TOKEN, cached, async (c) => {
      const token = await serviceTokens.showTeamToken({ teamId: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: tokenResource(token) })
    })
    .delete('/teams/:id/authentication-token', REVOKE_TEAM_TOKEN, async (c) => {
      await serviceTokens.revokeTeamToken({ teamId: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
    .post('/organizations/:org/authentication-token', CREATE_ORGANIZATION_TOKEN, async (c) => {
      const token = await serviceTokens.createOrganizationToken({ organizationName: c.req.param('org') }, c.var.principal)
      return jsonApi(c, created(token), 201)
    })
    .delete('/organizations/:org/authentication-token', REVOKE_ORGANIZATION_TOKEN, async (c) => {
      await serviceTokens.revokeOrganizationToken({ organizationName: c.req.param('org') }, c.var.principal)
      return c.body(null, 204)
    })
}
