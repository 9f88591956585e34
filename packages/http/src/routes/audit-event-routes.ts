import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { auditEventResource } from '../resources/audit-event-resource.ts'

/** `GET /api/v2/admin/audit-events`: a Cairn extension, newest first. */
export function auditEventRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const page = await deps.auditEvents.execute(parsePageRequest((name) => c.req.query(name)), c.var.principal)
    return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(auditEventResource)))
  })
}
