import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { clientAddress, type ClientAddressSource } from '../client-address.ts'

type WebUiEnv = { Variables: { clientAddress?: string } }

/**
 * The web UI at `/app/`, and `/` sending browsers (who ask for HTML) there; API clients still get
 * 404 at `/`. Browsers look for `/favicon.ico` at the root, which the UI answers too. The UI's
 * requests carry the client's address (`clientAddress`) in the context.
 */
export function webUiRoutes(webApp: Hono, addresses: ClientAddressSource) {
  const withClientAddress = createMiddleware<WebUiEnv>(async (c, next) => {
    const address = clientAddress(c, addresses)
    if (address !== undefined) c.set('clientAddress', address)
    await next()
  })
  return (
    new Hono<WebUiEnv>()
      .get('/', (c) => (c.req.header('Accept')?.includes('text/html') === true ? c.redirect('/app/', 302) : c.notFound()))
      .get('/app', (c) => c.redirect('/app/', 301))
      .get('/favicon.ico', (c) => webApp.fetch(c.req.raw))
      .use('/app/*', withClientAddress)
      // The trailing slash keeps the UI's own `/` at `/app/` rather than `/app`.
      .route('/app/', webApp)
  )
}
