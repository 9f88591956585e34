import { Hono } from 'hono'
import { authenticate } from '../auth/authenticate.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { appRoot } from '../jsonapi/public-url.ts'
import { operation, type Operation } from '../openapi/operation.ts'
import { json } from '../openapi/responses.ts'
import { providerFileUrl, shasumsFilename } from '../resources/provider-file-links.ts'

/** Where the provider registry protocol is served (the discovery document's `providers.v1`), under REGISTRY_V1. */
export const PROVIDERS_V1 = '/api/registry/v1/providers/'

const protocol = (spec: Omit<Operation, 'tag' | 'errors'>) => operation({ ...spec, tag: 'registry-protocol', errors: 'protocol' })
const VERSIONS = protocol({
  summary: 'List a provider’s versions',
  description: 'The installable ones (files signed and uploaded, at least one platform’s zip in), with their platforms.',
  responses: { 200: json('The versions', { type: 'object', properties: { versions: { type: 'array', items: { type: 'object' } } } }) },
})
const DOWNLOAD = protocol({
  summary: 'Find a provider version’s package for a platform',
  description: 'Signed, expiring links to the zip, SHA256SUMS and its signature, and the key that signed it.',
  responses: { 200: json('Where the package is, and how to verify it', { type: 'object', additionalProperties: true }) },
})

/**
 * The provider registry protocol for private providers, mounted at REGISTRY_V1: the namespace is
 * the organization. Plain JSON, errors as `{"errors":["…"]}` (the app's error handler knows these
 * routes by their path); the same bearer tokens as the API, none on the file links it hands out.
 */
export function providerRegistryRoutes(deps: HttpDeps) {
  const providers = deps.providerProtocol
  const one = '/providers/:namespace/:type'
  const routes = new Hono<AppEnv>()
  routes.use('/providers/*', authenticate(deps))
  return routes
    .get(`${one}/versions`, VERSIONS, async (c) => c.json(await providers.versions(c.req.param(), c.var.principal)))
    .get(`${one}/:version/download/:os/:arch`, DOWNLOAD, async (c) => {
      const found = await providers.download(c.req.param(), c.var.principal)
      const bases = { appRoot: appRoot(c, deps) }
      const shasums = shasumsFilename(c.req.param('type'), c.req.param('version'))
      return c.json({
        protocols: found.protocols,
        os: found.os,
        arch: found.arch,
        filename: found.filename,
        download_url: providerFileUrl(bases, found.downloadToken, found.filename),
        shasums_url: providerFileUrl(bases, found.shasumsToken, shasums),
        shasums_signature_url: providerFileUrl(bases, found.shasumsSignatureToken, `${shasums}.sig`),
        shasum: found.shasum,
        signing_keys: {
          gpg_public_keys: [
            { key_id: found.key.keyId, ascii_armor: found.key.asciiArmor, trust_signature: '', source: '', source_url: null },
          ],
        },
      })
    })
}
