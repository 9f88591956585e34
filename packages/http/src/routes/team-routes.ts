import { CairnError, type TeamAccess } from '@cairn/core'
import { Hono, type Context } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readAttributes, requireAttributes } from '../jsonapi/attributes.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { isObject, readJsonBody, readResource, type RequestResource } from '../jsonapi/request-document.ts'
import { teamResource } from '../resources/team-resource.ts'

const TEAM = { name: { name: 'name', kind: 'string' } } as const
const ACCESS = {
  manageModules: { name: 'manage-modules', kind: 'boolean' },
  manageWorkspaces: { name: 'manage-workspaces', kind: 'boolean' },
} as const

/** Teams and their members. Mounted at /api/v2. */
export function teamRoutes(deps: HttpDeps) {
  const teams = deps.teams
  return new Hono<AppEnv>()
    .post('/organizations/:org/teams', async (c) => {
      const resource = await readResource(c, 'teams')
      const values = readAttributes(resource.attributes, TEAM)
      requireAttributes(values, TEAM, ['name'])
      const team = await teams.create(
        { organizationName: c.req.param('org'), name: values.name ?? '', access: readAccess(resource) },
        c.var.principal,
      )
      return jsonApi(c, { data: teamResource(team, []) }, 201)
    })
    .get('/organizations/:org/teams', async (c) => {
      const page = await teams.list(
        { organizationName: c.req.param('org'), page: parsePageRequest((name) => c.req.query(name)) },
        c.var.principal,
      )
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map((team) => teamResource(team))))
    })
    .get('/teams/:id', async (c) => {
      const { team, members } = await teams.show({ id: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: teamResource(team, members) })
    })
    .patch('/teams/:id', async (c) => {
      const resource = await readResource(c, 'teams')
      const { name } = readAttributes(resource.attributes, TEAM)
      const team = await teams.update(
        { id: c.req.param('id'), ...(name !== undefined && { name }), access: readAccess(resource) },
        c.var.principal,
      )
      return jsonApi(c, { data: teamResource(team) })
    })
    .delete('/teams/:id', async (c) => {
      await teams.remove({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
    .post('/teams/:id/relationships/users', async (c) => {
      await teams.addMembers({ id: c.req.param('id'), usernames: await readUsernames(c) }, c.var.principal)
      return c.body(null, 204)
    })
    .delete('/teams/:id/relationships/users', async (c) => {
      await teams.removeMembers({ id: c.req.param('id'), usernames: await readUsernames(c) }, c.var.principal)
      return c.body(null, 204)
    })
}

function readAccess(resource: RequestResource): Partial<TeamAccess> {
  const access = resource.attributes['organization-access']
  if (access === undefined || access === null) return {}
  if (!isObject(access)) throw CairnError.invalidField('/data/attributes/organization-access', 'must be an object')
  return readAttributes(access, ACCESS, '/data/attributes/organization-access')
}

/** `{"data":[{"type":"users","id":"<username>"}]}`, as the real API takes team members. */
async function readUsernames(c: Context<AppEnv>): Promise<string[]> {
  const body = await readJsonBody(c)
  const data = isObject(body) ? body['data'] : undefined
  if (!Array.isArray(data) || data.length === 0) throw CairnError.invalidField('/data', 'must be a non-empty array of users')
  return data.map((item: unknown, index) => {
    if (!isObject(item) || item['type'] !== 'users' || typeof item['id'] !== 'string') {
      throw CairnError.invalidField(`/data/${index}`, 'must be {"type": "users", "id": "<username>"}')
    }
    return item['id']
  })
}
