import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { auditEventResource } from '../resources/audit-event-resource.ts'
import { operation } from '../openapi/operation.ts'
import { PAGE_QUERY, resourceList } from '../openapi/responses.ts'

const LIST = operation({
  summary: 'List audit events, newest first',
  tag: 'admin',
  query: PAGE_QUERY,
  responses: { 200: resourceList('A page of audit events', 'audit-events') },
})

/** `GET /api/v2/admin/audit-events`: a Cairn extension, newest first. */
export function auditEventRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>().get('/', LIST, async (c) => {
    const page = await deps.auditEvents.execute(
      parsePageRequest((name) => c.req.query(name)),
      c.var.principal,
    )
    return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(auditEventResource)))
  })
}
