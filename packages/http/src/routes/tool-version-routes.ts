import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { readResource } from '../jsonapi/request-document.ts'
import {
  readToolVersionCreate,
  readToolVersionUpdate,
  toolVersionResource,
  type ToolVersionType,
} from '../resources/tool-version-resource.ts'

/** Spec §4.4, for resource type `type`; mounted under every admin prefix by the app. */
export function toolVersionRoutes(deps: HttpDeps, type: ToolVersionType) {
  const useCases = deps.toolVersions
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const exactVersion = c.req.query('filter[version]')
      const versionContains = c.req.query('search[version]')
      const page = await useCases.list.execute(
        {
          ...(exactVersion !== undefined && { exactVersion }),
          ...(versionContains !== undefined && { versionContains }),
          page: parsePageRequest((name) => c.req.query(name)),
        },
        c.var.principal,
      )
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map((item) => toolVersionResource(item, type))))
    })
    .post('/', async (c) => {
      const command = readToolVersionCreate(await readResource(c, type))
      const created = await useCases.create.execute(command, c.var.principal)
      return jsonApi(c, { data: toolVersionResource(created, type) }, 201)
    })
    .get('/:id', async (c) => {
      const shown = await useCases.show.execute({ id: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: toolVersionResource(shown, type) })
    })
    .patch('/:id', async (c) => {
      const changes = readToolVersionUpdate(await readResource(c, type))
      const updated = await useCases.update.execute({ id: c.req.param('id'), changes }, c.var.principal)
      return jsonApi(c, { data: toolVersionResource(updated, type) })
    })
    .delete('/:id', async (c) => {
      await useCases.remove.execute({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
}
