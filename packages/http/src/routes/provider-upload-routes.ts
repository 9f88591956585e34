import { Hono } from 'hono'
import { bytesOf } from '../byte-streams.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { operation } from '../openapi/operation.ts'
import { oneResource } from '../openapi/responses.ts'
import { PROVIDER_UPLOADS } from '../resources/provider-file-links.ts'
import { providerPlatformResource } from '../resources/provider-platform-resource.ts'
import { providerVersionResource } from '../resources/provider-version-resource.ts'
import { providerLinkBases } from './provider-link-bases.ts'
import { methodNotAllowed } from './upload-routes.ts'

const UPLOAD = operation({
  summary: 'Upload a provider version’s file',
  description:
    'To a `shasums-upload`, `shasums-sig-upload` or `provider-binary-upload` link: signed, expiring, needing no credentials (`curl -T file URL`). Each file is uploaded once; a file that does not verify is refused and not kept.',
  tag: 'registry-providers',
  security: [],
  responses: {
    200: oneResource('The version (for SHA256SUMS and its signature) or the platform (for a zip)', 'registry-provider-versions'),
  },
})

/**
 * The upload host's links for provider files: `PUT {upload_url}/v1/object/providers/<object id>`,
 * a signed, expiring object id, so no Authorization header. The body streams into the use case,
 * never held whole here. Registered before the app's JSON body limit: a zip is far larger.
 */
export function providerUploadRoutes(deps: HttpDeps) {
  const at = `${PROVIDER_UPLOADS}/:objectId`
  return new Hono<AppEnv>()
    .put(at, UPLOAD, async (c) => {
      const uploaded = await deps.providerUploads.upload({ objectId: c.req.param('objectId'), content: bytesOf(c.req.raw.body) })
      const bases = providerLinkBases(c, deps)
      const data =
        uploaded.kind === 'binary' ? providerPlatformResource(uploaded.platform, bases) : providerVersionResource(uploaded.version, bases)
      return jsonApi(c, { data })
    })
    .all(at, (c) => methodNotAllowed(c, 'the file'))
}
