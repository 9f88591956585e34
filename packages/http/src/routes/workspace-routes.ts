import { CairnError, isCairnError, type WorkspaceRef } from '@cairn/core'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { runResource } from '../resources/run-resource.ts'
import { workspaceResource } from '../resources/workspace-resource.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, resourceList } from '../openapi/responses.ts'

const NEW_WORKSPACE = resourceDocument(
  'workspaces',
  attributes({ name: ['name', z.string()], toolVersion: ['terraform-version', optional(z.string())] }),
)

const TAG = 'workspaces'
const workspace = oneResource('The workspace', 'workspaces')
const CREATE = operation({ summary: 'Create a workspace', tag: TAG, body: NEW_WORKSPACE, responses: { 201: workspace } })
const LIST = operation({
  summary: 'List an organization’s workspaces',
  tag: TAG,
  query: PAGE_QUERY,
  responses: { 200: resourceList('A page of workspaces', 'workspaces') },
})
const SHOW_BY_NAME = operation({ summary: 'Show a workspace by name', tag: TAG, responses: { 200: workspace } })
const DELETE_BY_NAME = operation({ summary: 'Delete a workspace by name', tag: TAG, responses: { 204: noContent('Deleted') } })
const SHOW = operation({ summary: 'Show a workspace', tag: TAG, responses: { 200: workspace } })
const DELETE = operation({ summary: 'Delete a workspace', tag: TAG, responses: { 204: noContent('Deleted') } })
const RUNS = operation({
  summary: 'List a workspace’s runs',
  tag: 'runs',
  query: PAGE_QUERY,
  responses: { 200: resourceList('A page of runs', 'runs') },
})

/** Workspaces of an organization, by name or by id. Mounted at /api/v2. */
export function workspaceRoutes(deps: RouteDeps) {
  const workspaces = deps.workspaces
  const cached = cachedRead(deps)
  const byName = (c: Context<AppEnv>): WorkspaceRef => ({ organizationName: c.req.param('org') ?? '', name: c.req.param('name') ?? '' })
  const byId = (c: Context<AppEnv>): WorkspaceRef => ({ id: c.req.param('id') ?? '' })
  const show = async (c: Context<AppEnv>, ref: WorkspaceRef) =>
    jsonApi(c, { data: workspaceResource(await workspaces.show(ref, c.var.principal)) })
  const remove = async (c: Context<AppEnv>, ref: WorkspaceRef) => {
    await workspaces.remove(ref, c.var.principal)
    return c.body(null, 204)
  }
  return new Hono<AppEnv>()
    .post('/organizations/:org/workspaces', CREATE, async (c) => {
      const values = (await readDocument(c, NEW_WORKSPACE)).data.attributes
      const view = await asTerraformVersion(() => workspaces.create({ organizationName: c.req.param('org'), ...values }, c.var.principal))
      return jsonApi(c, { data: workspaceResource(view) }, 201)
    })
    .get('/organizations/:org/workspaces', LIST, cached, async (c) => {
      const page = await workspaces.list(
        { organizationName: c.req.param('org'), page: parsePageRequest((name) => c.req.query(name)) },
        c.var.principal,
      )
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(workspaceResource)))
    })
    .get('/organizations/:org/workspaces/:name', SHOW_BY_NAME, cached, (c) => show(c, byName(c)))
    .delete('/organizations/:org/workspaces/:name', DELETE_BY_NAME, (c) => remove(c, byName(c)))
    .get('/workspaces/:id', SHOW, cached, (c) => show(c, byId(c)))
    .delete('/workspaces/:id', DELETE, (c) => remove(c, byId(c)))
    .get('/workspaces/:id/runs', RUNS, cached, async (c) => {
      const page = await deps.runs.list(
        { workspaceId: c.req.param('id'), page: parsePageRequest((name) => c.req.query(name)) },
        c.var.principal,
      )
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(runResource)))
    })
}

/** The core names the field `toolVersion`; the API's attribute is `terraform-version`. */
async function asTerraformVersion<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!isCairnError(error, 'invalid')) throw error
    const fields = error.fields.map((f) => (f.field === 'toolVersion' ? { ...f, field: 'terraformVersion' } : f))
    throw new CairnError(error.code, error.message, fields, { cause: error })
  }
}
