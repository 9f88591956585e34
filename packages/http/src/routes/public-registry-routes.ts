import { isCairnError, type UpstreamModuleAddress } from '@cairn/core'
import { Hono, type Context } from 'hono'
import { authenticate } from '../auth/authenticate.ts'
import { errorHandler } from '../error-handler.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { errorDocument, STATUS } from '../jsonapi/error-document.ts'
import { operation } from '../openapi/operation.ts'
import { json } from '../openapi/responses.ts'

const TAG = 'public-registry'
const ANY = { type: 'object', additionalProperties: true } as const
const VERSIONS = operation({ summary: 'List a public module’s versions', tag: TAG, responses: { 200: json('The versions', ANY) } })
const VERSION = operation({ summary: 'Show a public module version', tag: TAG, responses: { 200: json('The version', ANY) } })
const LATEST = operation({ summary: 'Show the latest version of a public module', tag: TAG, responses: { 200: json('The version', ANY) } })

/** Where the hosted edition proxies curated public modules (spec §1.5), under its registry protocol. */
export const PUBLIC_REGISTRY_PREFIX = '/api/registry/public/v1/modules'

/**
 * The public-module proxy (spec §1.4): list versions, get a version, latest for a provider. It
 * speaks the registry protocol, so answers and errors are plain `application/json`. It exists
 * only in the hosted edition; elsewhere these paths are 404 like any unknown path.
 */
export function publicRegistryRoutes(deps: HttpDeps) {
  const routes = new Hono<AppEnv>()
  if (deps.edition !== 'hosted') return routes
  const unexpected = errorHandler(deps.log)
  return routes
    .onError((error, c) => (isCairnError(error) ? c.json(errorDocument(error), STATUS[error.code]) : unexpected(error, c)))
    .use(authenticate(deps))
    .get('/:namespace/:name/:provider/versions', VERSIONS, async (c) =>
      c.json(await deps.publicModules.versions(addressOf(c), c.var.principal)),
    )
    .get('/:namespace/:name/:provider/:version', VERSION, async (c) =>
      c.json(await deps.publicModules.moduleVersion(addressOf(c), c.req.param('version'), c.var.principal)),
    )
    .get('/:namespace/:name/:provider', LATEST, async (c) => c.json(await deps.publicModules.latest(addressOf(c), c.var.principal)))
}

function addressOf(c: Context<AppEnv>): UpstreamModuleAddress {
  return { namespace: c.req.param('namespace') ?? '', name: c.req.param('name') ?? '', provider: c.req.param('provider') ?? '' }
}
