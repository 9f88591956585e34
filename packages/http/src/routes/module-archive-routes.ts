import { Hono, type Context } from 'hono'
import { streamOf } from '../byte-streams.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { appRootText } from '../jsonapi/public-url.ts'
import { operation } from '../openapi/operation.ts'
import { bodyOfType } from '../openapi/responses.ts'

const ARCHIVE = operation({
  summary: 'Download a module archive',
  description: 'A signed, expiring link from a download’s `X-Terraform-Get`; needs no credentials. HEAD checks it is there.',
  tag: 'registry-protocol',
  security: [],
  errors: 'protocol',
  responses: { 200: bodyOfType('The archive', 'application/gzip') },
})

/** Where archive links point; the `.tar.gz` suffix tells go-getter what it fetches. */
const ARCHIVES = '/api/registry/v1/archives'

/**
 * The absolute, credential-free link to an archive: under this app's root. The token goes in as
 * it is: the signer's tokens are URL-safe (its port says so), and encoding one again cost a
 * download answer 1.4% of its instructions.
 */
export function archiveUrl(c: Context<AppEnv>, deps: HttpDeps, token: string): string {
  return `${appRootText(c, deps)}${ARCHIVES}/${token}/module.tar.gz`
}

/**
 * Module archives behind signed, expiring links, for clients that send no token (go-getter).
 * HEAD only checks the archive is there (go-getter sends HEAD, then GET); GET streams it.
 * Hono answers HEAD with the GET route, so the handler tells them apart.
 */
export function moduleArchiveRoutes(deps: HttpDeps) {
  const routes = new Hono<AppEnv>()
  return routes.get(`${ARCHIVES}/:token/module.tar.gz`, ARCHIVE, async (c) => {
    const token = c.req.param('token')
    const headers = { 'Content-Type': 'application/gzip', 'Cache-Control': 'private, no-store' }
    if (c.req.method === 'HEAD') {
      await deps.moduleRegistry.hasArchive(token)
      return c.body(null, 200, headers)
    }
    // Pulled only as fast as the client reads: the archive is never held whole.
    return c.body(streamOf(await deps.moduleRegistry.openArchive(token)), 200, headers)
  })
}
