import { Hono, type Context } from 'hono'
import { bytesOf } from '../byte-streams.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { moduleVersionResource } from '../resources/module-version-resource.ts'
import { uploadBase } from './registry-module-routes.ts'
import { operation } from '../openapi/operation.ts'
import { oneResource } from '../openapi/responses.ts'

const UPLOAD = operation({
  summary: 'Upload a module version’s archive',
  description:
    'To the `links.upload` of a new version: a signed, expiring link that needs no credentials. A refused archive shows on the version, not as an error status.',
  tag: 'registry-modules',
  security: [],
  responses: { 200: oneResource('The version, its archive stored and analysed', 'registry-module-versions') },
})

/**
 * The archive upload host: `PUT {upload_url}/v1/object/<object id>`. The object id is a signed,
 * expiring token, so the request needs (and clients send) no Authorization header; it takes PUTs
 * until it expires. The body streams to storage; it is never held whole in memory. The answer is
 * the version once the archive is stored and analysed: a refused archive shows on it, not as an
 * error status.
 */
export function uploadRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>()
    .put('/v1/object/:objectId', UPLOAD, async (c) => {
      const version = await deps.moduleVersions.upload({ objectId: c.req.param('objectId'), content: bytesOf(c.req.raw.body) })
      return jsonApi(c, { data: moduleVersionResource({ version, uploadObjectId: null }, uploadBase(c, deps)) })
    })
    .all('/v1/object/:objectId', (c) => methodNotAllowed(c, 'the archive'))
}

/**
 * Any other method on an upload link (a POST, say): a 404 would hide that only the method is
 * wrong. Said before the link is checked. `what` is what the link takes.
 */
export function methodNotAllowed(c: Context<AppEnv>, what: string): Response {
  const detail = `an upload link takes ${what} as the body of a PUT, not a ${c.req.method}`
  const response = jsonApi(c, { errors: [{ status: '405', title: 'method not allowed', detail }] }, 405)
  response.headers.set('Allow', 'PUT')
  return response
}
