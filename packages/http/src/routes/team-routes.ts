import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { teamResource } from '../resources/team-resource.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, emptyWhenAbsent, identifier, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, resourceList } from '../openapi/responses.ts'

const ACCESS = emptyWhenAbsent(
  attributes({ manageModules: ['manage-modules', optional(z.boolean())], manageWorkspaces: ['manage-workspaces', optional(z.boolean())] }),
)
const MEMBER_TOKENS = ['allow-member-token-management', optional(z.boolean())] as const
const NEW_TEAM = resourceDocument(
  'teams',
  attributes({ name: ['name', z.string()], access: ['organization-access', ACCESS], allowMemberTokenManagement: MEMBER_TOKENS }),
)
const TEAM_CHANGE = resourceDocument(
  'teams',
  attributes({ name: ['name', optional(z.string())], access: ['organization-access', ACCESS], allowMemberTokenManagement: MEMBER_TOKENS }),
)
/** `{"data":[{"type":"users","id":"<username>"}]}`, as the real API takes team members. */
const MEMBERS = z.object({ data: z.array(identifier('users')).min(1) })

const TAG = 'teams'
const CREATE = operation({ summary: 'Create a team', tag: TAG, body: NEW_TEAM, responses: { 201: oneResource('The team', 'teams') } })
const LIST = operation({
  summary: 'List an organization’s teams',
  tag: TAG,
  query: PAGE_QUERY,
  responses: { 200: resourceList('A page of teams', 'teams') },
})
const SHOW = operation({ summary: 'Show a team and its members', tag: TAG, responses: { 200: oneResource('The team', 'teams') } })
const UPDATE = operation({
  summary: 'Rename a team or change its access',
  tag: TAG,
  body: TEAM_CHANGE,
  responses: { 200: oneResource('The team', 'teams') },
})
const DELETE = operation({ summary: 'Delete a team', tag: TAG, responses: { 204: noContent('Deleted') } })
const ADD_MEMBERS = operation({ summary: 'Add users to a team', tag: TAG, body: MEMBERS, responses: { 204: noContent('Added') } })
const REMOVE_MEMBERS = operation({ summary: 'Remove users from a team', tag: TAG, body: MEMBERS, responses: { 204: noContent('Removed') } })

/** Teams and their members. Mounted at /api/v2. */
export function teamRoutes(deps: RouteDeps) {
  const teams = deps.teams
  const cached = cachedRead(deps)
  return new Hono<AppEnv>()
    .post('/organizations/:org/teams', CREATE, async (c) => {
      const attributes = (await readDocument(c, NEW_TEAM)).data.attributes
      const team = await teams.create({ organizationName: c.req.param('org'), ...attributes }, c.var.principal)
      return jsonApi(c, { data: teamResource(team, []) }, 201)
    })
    .get('/organizations/:org/teams', LIST, cached, async (c) => {
      const page = await teams.list(
        { organizationName: c.req.param('org'), page: parsePageRequest((name) => c.req.query(name)) },
        c.var.principal,
      )
      return jsonApi(
        c,
        listDocument(
          c,
          deps.baseUrl,
          page,
          page.items.map((team) => teamResource(team)),
        ),
      )
    })
    .get('/teams/:id', SHOW, cached, async (c) => {
      const { team, members } = await teams.show({ id: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: teamResource(team, members) })
    })
    .patch('/teams/:id', UPDATE, async (c) => {
      const change = (await readDocument(c, TEAM_CHANGE)).data.attributes
      const team = await teams.update({ id: c.req.param('id'), ...change }, c.var.principal)
      return jsonApi(c, { data: teamResource(team) })
    })
    .delete('/teams/:id', DELETE, async (c) => {
      await teams.remove({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
    .post('/teams/:id/relationships/users', ADD_MEMBERS, async (c) => {
      await teams.addMembers({ id: c.req.param('id'), usernames: await readUsernames(c) }, c.var.principal)
      return c.body(null, 204)
    })
    .delete('/teams/:id/relationships/users', REMOVE_MEMBERS, async (c) => {
      await teams.removeMembers({ id: c.req.param('id'), usernames: await readUsernames(c) }, c.var.principal)
      return c.body(null, 204)
    })
}

async function readUsernames(c: Context<AppEnv>): Promise<string[]> {
  return (await readDocument(c, MEMBERS)).data.map((user) => user.id)
}
