import { Hono } from 'hono'
import { z } from 'zod'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, identifier, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource } from '../openapi/responses.ts'
import { runResource } from '../resources/run-resource.ts'

/** A run: an optional message, and the workspace it runs in (required). */
const NEW_RUN = resourceDocument('runs', attributes({ message: ['message', optional(z.string())] }), {
  relationships: z.object({ workspace: z.object({ data: identifier('workspaces') }) }),
})

const TAG = 'runs'
const CREATE = operation({ summary: 'Create a run', tag: TAG, body: NEW_RUN, responses: { 201: oneResource('The run', 'runs') } })
const SHOW = operation({ summary: 'Show a run', tag: TAG, responses: { 200: oneResource('The run', 'runs') } })
const DISCARD = operation({ summary: 'Discard a run', tag: TAG, responses: { 202: noContent('Discarding') } })
const CANCEL = operation({ summary: 'Cancel a run', tag: TAG, responses: { 202: noContent('Cancelling') } })

/** Runs, as records: create, read, discard and cancel. Mounted at /api/v2. */
export function runRoutes(deps: RouteDeps) {
  const runs = deps.runs
  const cached = cachedRead(deps)
  return new Hono<AppEnv>()
    .post('/runs', CREATE, async (c) => {
      const { attributes, relationships } = (await readDocument(c, NEW_RUN)).data
      const run = await runs.create({ workspaceId: relationships.workspace.data.id, ...attributes }, c.var.principal)
      return jsonApi(c, { data: runResource(run) }, 201)
    })
    .get('/runs/:id', SHOW, cached, async (c) =>
      jsonApi(c, { data: runResource(await runs.show({ id: c.req.param('id') }, c.var.principal)) }),
    )
    .post('/runs/:id/actions/discard', DISCARD, async (c) => {
      await runs.discard({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 202)
    })
    .post('/runs/:id/actions/cancel', CANCEL, async (c) => {
      await runs.cancel({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 202)
    })
}
