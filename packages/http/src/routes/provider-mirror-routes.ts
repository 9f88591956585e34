import { CairnError } from '@cairn/core'
import { Hono } from 'hono'
import { authenticate } from '../auth/authenticate.ts'
import { streamOf } from '../byte-streams.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { appRoot } from '../jsonapi/public-url.ts'
import { operation } from '../openapi/operation.ts'
import { bodyOfType, json } from '../openapi/responses.ts'
import { providerFileUrl } from '../resources/provider-file-links.ts'

/** Where the provider network mirror protocol is served: `provider_installation { network_mirror { url = "https://<host>/api/registry/mirror/v1/" } }`. */
export const PROVIDER_MIRROR_V1 = '/api/registry/mirror/v1'

const MIRROR_ARCHIVES = `${PROVIDER_MIRROR_V1}/archives`

const mirror = (summary: string, description: string, schema: object) =>
  operation({ summary, description, tag: 'registry-protocol', responses: { 200: json(summary, schema) } })
const INDEX = mirror('List the versions the mirror serves of a provider', 'Held ones, and with pull-through on, what the origin offers.', {
  type: 'object',
  properties: { versions: { type: 'object', additionalProperties: { type: 'object' } } },
})
const VERSION = mirror(
  'List the archives of a provider version',
  'Signed, expiring archive links, with the `h1:` and `zh:` hashes of those the mirror holds.',
  { type: 'object', properties: { archives: { type: 'object', additionalProperties: { type: 'object' } } } },
)
const PULL = operation({
  summary: 'Download an archive the mirror pulls through',
  description: 'A signed, expiring link from a `:version.json` answer; needs no credentials. Fetched from the origin once, then stored.',
  tag: 'registry-protocol',
  security: [],
  responses: { 200: bodyOfType('The zip', 'application/zip') },
})

/** The network mirror's JSON, exactly `application/json` as the CLIs require. */
const mirrorJson = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })

/**
 * The provider network mirror protocol: `:hostname/:namespace/:type/index.json` and
 * `…/:version.json`, on the API's bearer tokens; the archive links carry none.
 */
export function providerMirrorRoutes(deps: HttpDeps) {
  const routes = new Hono<AppEnv>()
  routes.get(`${MIRROR_ARCHIVES}/:token/:filename`, PULL, async (c) => {
    const { content } = await deps.providerMirror.pull(c.req.param('token'))
    return c.body(streamOf(content), 200, { 'Content-Type': 'application/zip', 'Cache-Control': 'private, no-store' })
  })
  routes.use(`${PROVIDER_MIRROR_V1}/*`, authenticate(deps))
  routes.get(`${PROVIDER_MIRROR_V1}/:hostname/:namespace/:type/index.json`, INDEX, async (c) => {
    const { hostname, namespace, type } = c.req.param()
    const versions = await deps.providerMirror.versions({ hostname: hostname.toLowerCase(), namespace, type }, c.var.principal)
    return mirrorJson({ versions: Object.fromEntries(versions.map((version) => [version, {}])) })
  })
  // After index.json, which it would match too: `:file` is `<version>.json`.
  routes.get(`${PROVIDER_MIRROR_V1}/:hostname/:namespace/:type/:file`, VERSION, async (c) => {
    const { hostname, namespace, type, file } = c.req.param()
    if (!file.endsWith('.json')) throw CairnError.notFound('provider version')
    const address = { hostname: hostname.toLowerCase(), namespace, type }
    const entries = await deps.providerMirror.archives(address, file.slice(0, -'.json'.length), c.var.principal)
    const root = appRoot(c, deps)
    const archives = Object.fromEntries(
      entries.map((entry) => [
        `${entry.os}_${entry.arch}`,
        'downloadToken' in entry
          ? { url: providerFileUrl({ appRoot: root }, entry.downloadToken, entry.filename), hashes: entry.hashes }
          : { url: new URL(`${MIRROR_ARCHIVES.slice(1)}/${entry.pullToken}/${encodeURIComponent(entry.filename)}`, root).href },
      ]),
    )
    return mirrorJson({ archives })
  })
  return routes
}
