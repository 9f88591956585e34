import type { Cairn } from '@cairn/server'
import { Hono } from 'hono'

/**
 * The host service: its own routes, and Cairn under /registry. Cairn is handed each request as
 * it arrived, path prefix included, so its links carry the prefix. Terraform asks for the
 * discovery document at the host's root, so that one path is forwarded too.
 */
export function hostApp(cairn: Cairn): Hono {
  const app = new Hono()
  app.get('/', (c) => c.text('An example service, with a private module registry at /registry\n'))
  app.get('/.well-known/terraform.json', (c) => cairn.fetch(c.req.raw))
  app.all('/registry/*', (c) => cairn.fetch(c.req.raw))
  return app
}
