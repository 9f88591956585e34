import { CairnError, isCairnError, type WorkspaceRef } from '@cairn/core'
import { Hono, type Context } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readAttributes, requireAttributes } from '../jsonapi/attributes.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { readResource } from '../jsonapi/request-document.ts'
import { runResource } from '../resources/run-resource.ts'
import { workspaceResource } from '../resources/workspace-resource.ts'

const WORKSPACE = {
  name: { name: 'name', kind: 'string' },
  toolVersion: { name: 'terraform-version', kind: 'string' },
} as const

/** Workspaces of an organization, by name or by id. Mounted at /api/v2. */
export function workspaceRoutes(deps: HttpDeps) {
  const workspaces = deps.workspaces
  const byName = (c: Context<AppEnv>): WorkspaceRef => ({ organizationName: c.req.param('org') ?? '', name: c.req.param('name') ?? '' })
  const byId = (c: Context<AppEnv>): WorkspaceRef => ({ id: c.req.param('id') ?? '' })
  const show = async (c: Context<AppEnv>, ref: WorkspaceRef) =>
    jsonApi(c, { data: workspaceResource(await workspaces.show(ref, c.var.principal)) })
  const remove = async (c: Context<AppEnv>, ref: WorkspaceRef) => {
    await workspaces.remove(ref, c.var.principal)
    return c.body(null, 204)
  }
  return new Hono<AppEnv>()
    .post('/organizations/:org/workspaces', async (c) => {
      const values = readAttributes((await readResource(c, 'workspaces')).attributes, WORKSPACE)
      requireAttributes(values, WORKSPACE, ['name'])
      const view = await asTerraformVersion(() =>
        workspaces.create(
          { organizationName: c.req.param('org'), name: values.name ?? '', ...(values.toolVersion !== undefined && { toolVersion: values.toolVersion }) },
          c.var.principal,
        ),
      )
      return jsonApi(c, { data: workspaceResource(view) }, 201)
    })
    .get('/organizations/:org/workspaces', async (c) => {
      const page = await workspaces.list(
        { organizationName: c.req.param('org'), page: parsePageRequest((name) => c.req.query(name)) },
        c.var.principal,
      )
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(workspaceResource)))
    })
    .get('/organizations/:org/workspaces/:name', (c) => show(c, byName(c)))
    .delete('/organizations/:org/workspaces/:name', (c) => remove(c, byName(c)))
    .get('/workspaces/:id', (c) => show(c, byId(c)))
    .delete('/workspaces/:id', (c) => remove(c, byId(c)))
    .get('/workspaces/:id/runs', async (c) => {
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
