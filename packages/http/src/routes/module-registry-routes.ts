import { CairnError, type BrowseQuery } from '@cairn/core'
import { Hono, type Context } from 'hono'
import { authenticate } from '../auth/authenticate.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { publicUrl } from '../jsonapi/public-url.ts'
import { optionalText } from '../jsonapi/query-parameters.ts'
import { protocolErrorHandler } from '../protocol/protocol-error.ts'
import { moduleDetail, shortModule } from '../protocol/protocol-documents.ts'
import { versionsBody } from '../protocol/versions-body.ts'
import { archiveUrl } from './module-archive-routes.ts'

/** Where the private registry protocol is served (the discovery document's `modules.v1`). */
export const MODULES_V1 = '/api/registry/v1/modules/'

/** The mount point of these routes; they carry `/modules` themselves, to serve `B` and `B/` both. */
export const REGISTRY_V1 = '/api/registry/v1'

const JSON_CONTENT = { 'Content-Type': 'application/json' }

const DEFAULT_LIMIT = 15
const MAX_LIMIT = 100

/**
 * The module registry protocol for private modules (reference §4.2), mounted at `REGISTRY_V1`.
 * Plain JSON in and out, errors as `{"errors":["…"]}`; the same bearer tokens as the API.
 * `search` before `:namespace`, and `…/download` before `…/:version`, so the literals win.
 */
export function moduleRegistryRoutes(deps: HttpDeps) {
  const protocol = deps.moduleRegistry
  const routes = new Hono<AppEnv>()
  routes.onError(protocolErrorHandler(deps.log))
  routes.use('/modules/*', authenticate(deps))
  const at = '/modules'
  const one = `${at}/:namespace/:name/:provider`

  async function browse(c: Context<AppEnv>, query: Omit<BrowseQuery, 'offset' | 'limit'>) {
    const offset = count(c, 'offset', 0)
    const limit = Math.min(count(c, 'limit', DEFAULT_LIMIT), MAX_LIMIT)
    // No private module is verified: asking for verified ones finds none.
    const page = c.req.query('verified') === 'true' ? { modules: [], more: false } : await protocol.browse({ ...query, offset, limit }, c.var.principal)
    return c.json({ meta: pagingMeta(c, deps, { offset, limit, more: page.more }), modules: page.modules.map(shortModule) })
  }

  return routes
    .get(at, (c) => browse(c, filters(c)))
    .get(`${at}/`, (c) => browse(c, filters(c)))
    .get(`${at}/search`, (c) => {
      const search = optionalText(c.req.query('q'))
      if (search === undefined) throw new CairnError('bad_request', 'q is required')
      const namespace = optionalText(c.req.query('namespace'))
      return browse(c, { ...filters(c), search, ...(namespace !== undefined && { namespace }) })
    })
    .get(`${at}/:namespace`, (c) => browse(c, { ...filters(c), namespace: c.req.param('namespace') }))
    .get(`${at}/:namespace/:name`, async (c) => {
      const published = await protocol.latestOfProviders(c.req.param(), c.var.principal)
      return c.json({ meta: pagingMeta(c, deps, { offset: 0, limit: published.length, more: false }), modules: published.map(shortModule) })
    })
    .get(`${one}/versions`, async (c) => {
      const address = c.req.param()
      const versions = await protocol.versions(address, c.get('principal'))
      return c.body(versionsBody(address, versions), 200, JSON_CONTENT)
    })
    .get(`${one}/download`, async (c) => {
      const version = await protocol.latestVersion(c.req.param(), c.var.principal)
      const path = publicUrl(c, deps.baseUrl).pathname.replace(/\/download$/, '')
      return c.redirect(`${path}/${encodeURIComponent(version)}/download`, 302)
    })
    .get(one, async (c) => c.json(moduleDetail(await protocol.detail(c.req.param(), c.var.principal))))
    .get(`${one}/:version/download`, async (c) => {
      const { token } = await protocol.download(c.req.param(), c.get('principal'))
      // As the response's own headers, not `c.header`, which would build a full Headers object.
      return c.body(null, 204, { 'X-Terraform-Get': archiveUrl(c, deps, token) })
    })
    .get(`${one}/:version`, async (c) => c.json(moduleDetail(await protocol.detail(c.req.param(), c.var.principal))))
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
