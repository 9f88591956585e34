import type { Cairn } from '@cairn/server'
import { getRequestListener } from '@hono/node-server'
import type { RequestListener } from 'node:http'

/** The mount path; Cairn is created with the same `basePath`. */
export const REGISTRY_PATH = '/registry'

/**
 * The host's request handler: its own answers, and Cairn for everything under /registry (plus the
 * discovery document Terraform asks for at the root). `getRequestListener` turns Cairn's fetch
 * handler into a node:http one; requests keep their full path.
 */
export function hostListener(cairn: Cairn): RequestListener {
  const registry = getRequestListener(cairn.fetch)
  return (request, response) => {
    const path = request.url ?? '/'
    if (path.startsWith(`${REGISTRY_PATH}/`) || path === '/.well-known/terraform.json') return void registry(request, response)
    response
      .writeHead(200, { 'Content-Type': 'text/plain' })
      .end(`An example service, with a private module registry at ${REGISTRY_PATH}\n`)
  }
}
