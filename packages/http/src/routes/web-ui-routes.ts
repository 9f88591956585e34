import { Hono } from 'hono'

/** The web UI at `/app/`, and `/` sending browsers (who ask for HTML) there; API clients still get 404 at `/`. */
export function webUiRoutes(webApp: Hono) {
  return new Hono()
    .get('/', (c) => (c.req.header('Accept')?.includes('text/html') === true ? c.redirect('/app/', 302) : c.notFound()))
    .get('/app', (c) => c.redirect('/app/', 301))
    // The trailing slash keeps the UI's own `/` at `/app/` rather than `/app`.
    .route('/app/', webApp)
}
