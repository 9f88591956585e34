import { CairnError } from '@cairn/core'
import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readAttributes } from '../jsonapi/attributes.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { isObject, readResource } from '../jsonapi/request-document.ts'
import { runResource } from '../resources/run-resource.ts'

const RUN = { message: { name: 'message', kind: 'string' } } as const

/** Runs, as records: create, read, discard and cancel. Mounted at /api/v2. */
export function runRoutes(deps: HttpDeps) {
  const runs = deps.runs
  return new Hono<AppEnv>()
    .post('/runs', async (c) => {
      const resource = await readResource(c, 'runs')
      const { message } = readAttributes(resource.attributes, RUN)
      const run = await runs.create(
        { workspaceId: workspaceIdOf(resource.relationships), ...(message !== undefined && { message }) },
        c.var.principal,
      )
      return jsonApi(c, { data: runResource(run) }, 201)
    })
    .get('/runs/:id', async (c) => jsonApi(c, { data: runResource(await runs.show({ id: c.req.param('id') }, c.var.principal)) }))
    .post('/runs/:id/actions/discard', async (c) => {
      await runs.discard({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 202)
    })
    .post('/runs/:id/actions/cancel', async (c) => {
      await runs.cancel({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 202)
    })
}

/** `relationships.workspace.data.id`, required. */
function workspaceIdOf(relationships: Readonly<Record<string, unknown>>): string {
  const workspace = relationships['workspace']
  const data = isObject(workspace) ? workspace['data'] : undefined
  if (!isObject(data) || data['type'] !== 'workspaces' || typeof data['id'] !== 'string') {
    throw CairnError.invalidField('/data/relationships/workspace', 'must name a workspace: {"data": {"type": "workspaces", "id": …}}')
  }
  return data['id']
}
