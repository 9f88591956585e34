import { Hono } from 'hono'
import { csrf } from 'hono/csrf'
import { CairnError } from '@cairn/core'
import { csrfToken, hasValidCsrfToken } from './middleware/csrf-token.ts'
import { currentUser } from './middleware/current-user.ts'
import { formBodyLimit } from './middleware/form-body-limit.ts'
import { securityHeaders } from './middleware/security-headers.ts'
import { loginRoutes } from './routes/login-routes.ts'
import { moduleRoutes } from './routes/module-routes.ts'
import { partRoutes } from './routes/part-routes.ts'
import { providerRoutes } from './routes/provider-routes.ts'
import { providerMirrorRoutes } from './routes/provider-mirror-routes.ts'
import { sessionRoutes } from './routes/session-routes.ts'
import { staticRoutes } from './routes/static-routes.ts'
import { tokenRoutes } from './routes/token-routes.ts'
import { versionRoutes } from './routes/version-routes.ts'
import { webErrorHandler } from './web-error-handler.ts'
import type { WebDeps, WebEnv } from './web-deps.ts'

/**
 * The web UI: server-rendered pages over the same use cases as the API, so that a page shows
 * exactly what the API would, with the same 404s. Mount it at `/app`.
 */
export function createWebApp(deps: WebDeps): Hono {
  // Wrapped so that the host app needs to know nothing of the UI's own context variables.
  return new Hono().route('/', webPages(deps))
}

function webPages(deps: WebDeps): Hono<WebEnv> {
  const publicOrigin = (requestUrl: string) => (deps.baseUrl ?? new URL(requestUrl)).origin
  const app = new Hono<WebEnv>()
  app.onError(webErrorHandler)
  app.use(securityHeaders(deps.uploadUrl?.origin))
  app.route('/', staticRoutes())
  app.use(formBodyLimit)
  app.use(csrf({ origin: (origin, c) => origin === publicOrigin(c.req.url) }))
  app.use(csrfToken)
  app.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !(await hasValidCsrfToken(c))) {
      throw new CairnError('forbidden', 'the form is stale or came from another site: reload the page and try again')
    }
    await next()
  })
  app.use(currentUser(deps.authenticateSession))
  app.route('/', sessionRoutes(deps))
  app.route('/', loginRoutes(deps))
  app.route('/', tokenRoutes(deps))
  app.route('/', moduleRoutes(deps))
  app.route('/', providerRoutes(deps))
  app.route('/', providerMirrorRoutes(deps))
  app.route('/', partRoutes(deps))
  app.route('/', versionRoutes(deps))
  app.all('*', () => {
    throw CairnError.notFound('page')
  })
  return app
}
