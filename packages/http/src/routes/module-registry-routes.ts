import { CairnError, type BrowseQuery } from '@cairn/core'
import { Hono, type Context } from 'hono'
import { authenticate } from '../auth/authenticate.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { publicUrl } from '../jsonapi/public-url.ts'
import { optionalText } from '../jsonapi/query-parameters.ts'
import { moduleDetail, shortModule } from '../protocol/protocol-documents.ts'
import { versionsBody } from '../protocol/versions-body.ts'
import { archiveUrl } from './module-archive-routes.ts'
import { ociSourceOf } from '../oci/oci-source.ts'
import { operation, type Operation } from '../openapi/operation.ts'
import { json, noContent, queryParameter } from '../openapi/responses.ts'

/** Where the private registry protocol is served (the discovery document's `modules.v1`). */
export const MODULES_V1 = '/api/registry/v1/modules/'

/** The mount point of these routes; they carry `/modules` themselves, to serve `B` and `B/` both. */
export const REGISTRY_V1 = '/api/registry/v1'

const JSON_CONTENT = { 'Content-Type': 'application/json' }

const DEFAULT_LIMIT = 15
const MAX_LIMIT = 100

const TAG = 'registry-protocol'
const MODULES = json('A page of modules, each the latest version of a provider', {
  type: 'object',
  properties: { meta: { type: 'object' }, modules: { type: 'array', items: { type: 'object' } } },
})
const MODULE = json('A module version', { type: 'object', additionalProperties: true })
const LIST_QUERY = [
  queryParameter('provider', 'Only this provider'),
  queryParameter('verified', 'true finds none: no private module is verified'),
  queryParameter('offset', 'Modules to skip'),
  queryParameter('limit', `At most this many (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`),
]
const protocol = (spec: Omit<Operation, 'tag' | 'errors'>) => operation({ ...spec, tag: TAG, errors: 'protocol' })
const LIST = protocol({ summary: 'List modules', query: LIST_QUERY, responses: { 200: MODULES } })
const SEARCH = protocol({
  summary: 'Search modules',
  query: [queryParameter('q', 'The search', true), queryParameter('namespace', 'Only this namespace'), ...LIST_QUERY],
  responses: { 200: MODULES },
})
const NAMESPACE = protocol({ summary: 'List a namespace’s modules', query: LIST_QUERY, responses: { 200: MODULES } })
const PROVIDERS = protocol({ summary: 'List the latest version of each provider of a module', responses: { 200: MODULES } })
const VERSIONS = protocol({
  summary: 'List a module’s versions',
  description: 'What `terraform init` reads to choose a version.',
  responses: { 200: json('The versions', { type: 'object', properties: { modules: { type: 'array', items: { type: 'object' } } } }) },
})
const DOWNLOAD_LATEST = protocol({
  summary: 'Download the latest version',
  responses: { 302: noContent('To the latest version’s download') },
})
const LATEST = protocol({ summary: 'Show the latest version of a module', responses: { 200: MODULE } })
const DOWNLOAD = protocol({
  summary: 'Download a module version',
  responses: { 204: noContent('`X-Terraform-Get` holds a signed link to the archive') },
})
const VERSION = protocol({ summary: 'Show a module version', responses: { 200: MODULE } })

/**
 * The module registry protocol for private modules (reference §4.2), mounted at `REGISTRY_V1`.
 * Plain JSON in and out, errors as `{"errors":["…"]}` (the app's error handler knows these routes
 * by their path); the same bearer tokens as the API.
 * `search` before `:namespace`, and `…/download` before `…/:version`, so the literals win.
 */
export function moduleRegistryRoutes(deps: HttpDeps) {
  const protocol = deps.moduleRegistry
  const routes = new Hono<AppEnv>()
  routes.use('/modules/*', authenticate(deps))
  const at = '/modules'
  const one = `${at}/:namespace/:name/:provider`

  async function browse(c: Context<AppEnv>, query: Omit<BrowseQuery, 'offset' | 'limit'>) {
    const offset = count(c, 'offset', 0)
    const limit = Math.min(count(c, 'limit', DEFAULT_LIMIT), MAX_LIMIT)
    // No private module is verified: asking for verified ones finds none.
    const page =
      c.req.query('verified') === 'true'
        ? { modules: [], more: false }
        : await protocol.browse({ ...query, offset, limit }, c.var.principal)
    return c.json({ meta: pagingMeta(c, deps, { offset, limit, more: page.more }), modules: page.modules.map(shortModule) })
  }

  return routes
    .get(at, LIST, (c) => browse(c, filters(c)))
    .get(`${at}/`, LIST, (c) => browse(c, filters(c)))
    .get(`${at}/search`, SEARCH, (c) => {
      const search = optionalText(c.req.query('q'))
      if (search === undefined) throw new CairnError('bad_request', 'q is required')
      const namespace = optionalText(c.req.query('namespace'))
      return browse(c, { ...filters(c), search, ...(namespace !== undefined && { namespace }) })
    })
    .get(`${at}/:namespace`, NAMESPACE, (c) => browse(c, { ...filters(c), namespace: c.req.param('namespace') }))
    .get(`${at}/:namespace/:name`, PROVIDERS, async (c) => {
      const published = await protocol.latestOfProviders(c.req.param(), c.var.principal)
      return c.json({ meta: pagingMeta(c, deps, { offset: 0, limit: published.length, more: false }), modules: published.map(shortModule) })
    })
    .get(`${one}/versions`, VERSIONS, async (c) => {
      const address = c.req.param()
      const document = await protocol.versions(address, c.get('principal'))
      return c.body(versionsBody(address, document), 200, JSON_CONTENT)
    })
    .get(`${one}/download`, DOWNLOAD_LATEST, async (c) => {
      const version = await protocol.latestVersion(c.req.param(), c.var.principal)
      const path = publicUrl(c, deps.baseUrl).pathname.replace(/\/download$/, '')
      return c.redirect(`${path}/${encodeURIComponent(version)}/download`, 302)
    })
    .get(one, LATEST, async (c) => c.json(moduleDetail(await protocol.detail(c.req.param(), c.var.principal))))
    .get(`${one}/:version/download`, DOWNLOAD, async (c) => {
      const { token } = await protocol.download(c.req.param(), c.get('principal'))
      const oci = deps.moduleDownloads === 'oci' ? await ociSourceOf(c, deps, c.req.param(), c.get('principal')) : undefined
      // As the response's own headers, not `c.header`, which would build a full Headers object.
      return c.body(null, 204, { 'X-Terraform-Get': oci ?? archiveUrl(c, deps, token) })
    })
    .get(`${one}/:version`, VERSION, async (c) => c.json(moduleDetail(await protocol.detail(c.req.param(), c.var.principal))))
}

/** The filters every list takes. */
function filters(c: Context<AppEnv>) {
  const provider = optionalText(c.req.query('provider'))
  return provider === undefined ? {} : { provider }
}

/** A non-negative whole number query parameter. */
function count(c: Context<AppEnv>, name: string, fallback: number): number {
  const raw = c.req.query(name)
  if (raw === undefined || raw === '') return fallback
  if (!/^\d{1,9}$/.test(raw)) throw new CairnError('bad_request', `${name} must be a non-negative whole number`)
  return Number(raw)
}

/** The protocol's list `meta`: next only when there is more, previous only past the start. */
function pagingMeta(c: Context<AppEnv>, deps: HttpDeps, page: { offset: number; limit: number; more: boolean }) {
  const at = (offset: number) => {
    const url = publicUrl(c, deps.baseUrl)
    url.searchParams.set('limit', String(page.limit))
    url.searchParams.set('offset', String(offset))
    url.searchParams.sort()
    return `${url.pathname}${url.search}`
  }
  const previous = Math.max(page.offset - page.limit, 0)
  return {
    limit: page.limit,
    current_offset: page.offset,
    ...(page.more && { next_offset: page.offset + page.limit, next_url: at(page.offset + page.limit) }),
    ...(page.offset > 0 && { prev_offset: previous, prev_url: at(previous) }),
  }
}
