import { OCI_MEDIA_TYPES, type OciModuleRepository } from '@cairn/core'
import { Hono, type Context } from 'hono'
import { streamOf } from '../byte-streams.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { ociPrincipal, ociToken } from './oci-credentials.ts'
import { ociError, ociErrorHandler } from './oci-error.ts'
import { API_VERSION, BLOB, MANIFEST, TAGS_LIST, TOKEN } from './oci-operations.ts'

/** Where OCI clients find the distribution API: at the host's root, whatever the app's mount path. */
export const OCI_V2 = '/v2'

/** A module provider's repository (docs/oci.md): `<organization>/modules/<name>/<provider>`. */
const REPOSITORY = `${OCI_V2}/:organization/modules/:name/:provider`

/**
 * The OCI distribution read path (reference §4) over the private registry's modules, with Docker
 * token authentication over Cairn's tokens, failures in the OCI error shape. Mounted at the root.
 */
export function ociRoutes(deps: HttpDeps) {
  const distribution = deps.ociDistribution
  const routes = new Hono<AppEnv>()
  const realm = (c: Context<AppEnv>) => `${(deps.baseUrl ?? new URL(c.req.url)).origin}${OCI_V2}/token`
  routes.onError(ociErrorHandler(deps.log, realm))
  const principal = (c: Context<AppEnv>) => ociPrincipal(c, deps.authenticateToken)
  const repositoryOf = (c: Context<AppEnv>): OciModuleRepository => ({
    organization: c.req.param('organization') ?? '',
    name: c.req.param('name') ?? '',
    provider: c.req.param('provider') ?? '',
  })

  const apiVersion = async (c: Context<AppEnv>) => {
    await principal(c)
    return c.json({}, 200, { 'Docker-Distribution-API-Version': 'registry/2.0' })
  }
  // Clients ask for `/v2/`; the description lists it without the slash, as every path.
  routes.get(OCI_V2, API_VERSION, apiVersion)
  routes.get(`${OCI_V2}/`, apiVersion)

  routes.get(`${OCI_V2}/token`, TOKEN, async (c) => {
    const token = ociToken(c)
    if (token === undefined) {
      const message = 'Basic credentials with a Cairn token as the password are required'
      return ociError(c, { status: 401, code: 'UNAUTHORIZED', message }, { 'WWW-Authenticate': 'Basic realm="Cairn"' })
    }
    await deps.authenticateToken.execute(token)
    return c.json({ token, access_token: token })
  })

  routes.get(`${REPOSITORY}/manifests/:reference`, MANIFEST, async (c) => {
    const manifest = await distribution.manifest(repositoryOf(c), c.req.param('reference'), await principal(c))
    if (manifest === undefined) return ociError(c, { status: 404, code: 'MANIFEST_UNKNOWN', message: 'no such manifest' })
    const body = new TextEncoder().encode(manifest.json)
    const headers = contentHeaders(OCI_MEDIA_TYPES.manifest, manifest.sha256, body.byteLength)
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(body, 200, headers)
  })

  routes.get(`${REPOSITORY}/blobs/:digest`, BLOB, async (c) => {
    const blob = await distribution.blob(repositoryOf(c), c.req.param('digest'), await principal(c))
    if (blob === undefined) return ociError(c, { status: 404, code: 'BLOB_UNKNOWN', message: 'no such blob' })
    const headers = contentHeaders('application/octet-stream', blob.sha256, blob.size)
    // Pulled only as fast as the client reads: the zip is never held whole.
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(streamOf(await blob.open()), 200, headers)
  })

  routes.get(`${REPOSITORY}/tags/list`, TAGS_LIST, async (c) => {
    const repository = repositoryOf(c)
    const n = c.req.query('n')
    if (n !== undefined && !/^\d{1,6}$/.test(n)) {
      return ociError(c, { status: 400, code: 'PAGINATION_NUMBER_INVALID', message: `n must be a whole number, not ${JSON.stringify(n)}` })
    }
    const last = c.req.query('last')
    const page = await distribution.tags(
      repository,
      { ...(n !== undefined && { n: Number(n) }), ...(last !== undefined && { last }) },
      await principal(c),
    )
    const name = `${repository.organization}/modules/${repository.name}/${repository.provider}`
    const lastTag = page.tags.at(-1)
    const headers: Record<string, string> = {}
    if (page.more && lastTag !== undefined) {
      const next = new URLSearchParams({ n: n ?? String(page.tags.length), last: lastTag })
      headers['Link'] = `<${OCI_V2}/${name}/tags/list?${next.toString()}>; rel="next"`
    }
    return c.json({ name, tags: page.tags }, 200, headers)
  })
  return routes
}

function contentHeaders(contentType: string, sha256: string, size: number): Record<string, string> {
  return { 'Content-Type': contentType, 'Docker-Content-Digest': `sha256:${sha256}`, 'Content-Length': String(size) }
}
