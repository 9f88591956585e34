import { Hono } from 'hono'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, queryParameter, resourceList } from '../openapi/responses.ts'
import { newToolVersion, toolVersionChange, toolVersionResource, type ToolVersionType } from '../resources/tool-version-resource.ts'

/** Spec §4.4, for resource type `type`; mounted under every admin prefix by the app. */
export function toolVersionRoutes(deps: RouteDeps, type: ToolVersionType) {
  const useCases = deps.toolVersions
  const [create, change] = [newToolVersion(type), toolVersionChange(type)]
  const version = oneResource('The version', type)
  const tag = 'tool-versions'
  const cached = cachedRead(deps)
  const query = [
    queryParameter('filter[version]', 'Exactly this version'),
    queryParameter('search[version]', 'Versions containing this'),
    ...PAGE_QUERY,
  ]
  return new Hono<AppEnv>()
    .get(
      '/',
      operation({ summary: `List ${type}`, tag, query, responses: { 200: resourceList('A page of versions', type) } }),
      cached,
      async (c) => {
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
        return jsonApi(
          c,
          listDocument(
            c,
            deps.baseUrl,
            page,
            page.items.map((item) => toolVersionResource(item, type)),
          ),
        )
      },
    )
    .post('/', operation({ summary: `Create one of the ${type}`, tag, body: create, responses: { 201: version } }), async (c) => {
      const command = (await readDocument(c, create)).data.attributes
      const created = await useCases.create.execute(command, c.var.principal)
      return jsonApi(c, { data: toolVersionResource(created, type) }, 201)
    })
    .get('/:id', operation({ summary: `Show one of the ${type}`, tag, responses: { 200: version } }), cached, async (c) => {
      const shown = await useCases.show.execute({ id: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: toolVersionResource(shown, type) })
    })
    .patch('/:id', operation({ summary: `Change one of the ${type}`, tag, body: change, responses: { 200: version } }), async (c) => {
      const changes = (await readDocument(c, change)).data.attributes
      const updated = await useCases.update.execute({ id: c.req.param('id'), changes }, c.var.principal)
      return jsonApi(c, { data: toolVersionResource(updated, type) })
    })
    .delete('/:id', operation({ summary: `Delete one of the ${type}`, tag, responses: { 204: noContent('Deleted') } }), async (c) => {
      await useCases.remove.execute({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
}
