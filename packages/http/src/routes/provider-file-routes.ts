import { Hono } from 'hono'
import { streamOf } from '../byte-streams.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { operation } from '../openapi/operation.ts'
import { bodyOfType } from '../openapi/responses.ts'
import { PROVIDER_FILES } from '../resources/provider-file-links.ts'

const FILE = operation({
  summary: 'Download a provider file',
  description:
    'A signed, expiring link from a provider version, a platform or a protocol download answer: a zip, SHA256SUMS or its signature. Needs no credentials; HEAD checks it is there.',
  tag: 'registry-protocol',
  security: [],
  errors: 'protocol',
  responses: { 200: bodyOfType('The file', 'application/octet-stream') },
})

/**
 * Provider files behind signed, expiring links, for clients that send no token (the CLIs send HEAD,
 * then GET); HEAD checks the link and that the file is there. Hono answers HEAD with the GET route, so the handler tells them apart. The file name
 * in the path is for whoever saves it: the token alone says which file it is.
 */
export function providerFileRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>().get(`${PROVIDER_FILES}/:token/:filename`, FILE, async (c) => {
    const token = c.req.param('token')
    // No length: the blob store tells none without opening the blob, and the CLIs need none.
    if (c.req.method === 'HEAD') {
      const { blobKey } = await deps.providerUploads.describe({ token })
      return c.body(null, 200, headersFor(blobKey))
    }
    // Pulled only as fast as the client reads: a zip is never held whole.
    const { blobKey, content } = await deps.providerUploads.download({ token })
    return c.body(streamOf(content), 200, headersFor(blobKey))
  })
}

function headersFor(blobKey: string): Record<string, string> {
  return { 'Content-Type': contentTypeOf(blobKey), 'Cache-Control': 'private, no-store' }
}

/** By the blob key Cairn made, never by the name in the link. */
function contentTypeOf(blobKey: string): string {
  if (blobKey.endsWith('.zip')) return 'application/zip'
  if (blobKey.endsWith('/SHA256SUMS')) return 'text/plain'
  return 'application/octet-stream'
}
