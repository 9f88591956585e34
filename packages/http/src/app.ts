import { StoreCache, type ErrorLog } from '@cairn/core'
import { Hono, type ErrorHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { routePath } from 'hono/route'
import { authenticate } from './auth/authenticate.ts'
import { requireSiteAdmin } from './auth/require-site-admin.ts'
import { errorHandler, notFoundHandler } from './error-handler.ts'
import { protocolErrorHandler } from './protocol/protocol-error.ts'
import { trackRequests } from './served-requests.ts'
import { rejectControlCharacters } from './reject-control-characters.ts'
import type { AppEnv, HttpDeps, RouteDeps } from './http-deps.ts'
import { adminGeneralSettingsRoutes } from './routes/admin-general-settings-routes.ts'
import { adminUserRoutes } from './routes/admin-user-routes.ts'
import { adminWorkspaceRoutes } from './routes/admin-workspace-routes.ts'
import { initialAdminRoutes } from './routes/initial-admin-routes.ts'
import { auditEventRoutes } from './routes/audit-event-routes.ts'
import { membershipRoutes } from './routes/membership-routes.ts'
import { organizationRoutes } from './routes/organization-routes.ts'
import { deprecatedModuleRoutes } from './routes/deprecated-module-routes.ts'
import { discoveryRoutes } from './routes/discovery-routes.ts'
import { loginTokenRoutes } from './routes/login-token-routes.ts'
import { metricsRoute } from './routes/metrics-route.ts'
import { moduleArchiveRoutes } from './routes/module-archive-routes.ts'
import { openApiRoutes } from './routes/openapi-routes.ts'
import { moduleRegistryRoutes, REGISTRY_V1 } from './routes/module-registry-routes.ts'
import { pingRoutes } from './routes/ping-routes.ts'
import { gpgKeyRoutes } from './routes/gpg-key-routes.ts'
import { providerFileRoutes } from './routes/provider-file-routes.ts'
import { providerMirrorRoutes } from './routes/provider-mirror-routes.ts'
import { adminProviderMirrorRoutes, providerMirrorImportRoutes } from './routes/admin-provider-mirror-routes.ts'
import { providerPlatformRoutes } from './routes/provider-platform-routes.ts'
import { providerRegistryRoutes } from './routes/provider-registry-routes.ts'
import { providerUploadRoutes } from './routes/provider-upload-routes.ts'
import { providerVersionRoutes } from './routes/provider-version-routes.ts'
import { registryProviderRoutes } from './routes/registry-provider-routes.ts'
import { GPG_KEYS } from './resources/gpg-key-resource.ts'
import { PUBLIC_REGISTRY_PREFIX, publicRegistryRoutes } from './routes/public-registry-routes.ts'
import { registryModuleRoutes } from './routes/registry-module-routes.ts'
import { uploadRoutes } from './routes/upload-routes.ts'
import { runRoutes } from './routes/run-routes.ts'
import { sessionRoutes } from './routes/session-routes.ts'
import { teamRoutes } from './routes/team-routes.ts'
import { tokenRoutes } from './routes/token-routes.ts'
import { toolVersionRoutes } from './routes/tool-version-routes.ts'
import { unimpersonateRoute } from './routes/unimpersonate-route.ts'
import { vcsConnectionRoutes } from './routes/vcs-connection-routes.ts'
import { vcsCommitRoutes } from './routes/vcs-commit-routes.ts'
import { githubAppInstallationRoutes } from './routes/github-app-installation-routes.ts'
import { vcsPublishRoutes } from './routes/vcs-publish-routes.ts'
import { VCS_WEBHOOKS, vcsWebhookRoutes } from './routes/vcs-webhook-routes.ts'
import { webUiRoutes } from './routes/web-ui-routes.ts'
import { workspaceRoutes } from './routes/workspace-routes.ts'
import { ociRoutes } from './oci/oci-routes.ts'

/** JSON request bodies above this are refused with 413 before they are read in full. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024

/** Admin operations are served both with and without the `/api/v2` prefix (spec §4). */
const ADMIN_PREFIXES = ['/api/v2/admin', '/admin'] as const

/** The Cairn HTTP API over the given use cases. */
export function createHttpApp(given: HttpDeps): Hono<AppEnv> {
  const deps: RouteDeps = { ...given, answers: new StoreCache(given.answerCache, given.storeWrites) }
  const root = new Hono<AppEnv>()
  // On the root, so that discovery too is tracked (and mounted apps share the root's routes).
  root.use(trackRequests(deps.onServed ?? (() => undefined)))
  const { basePath } = deps
  // Only under a mount path, where links need it: a layer of middleware costs every request.
  if (basePath) {
    root.use((c, next) => {
      c.set('basePath', basePath)
      return next()
    })
  }
  // Terraform looks for discovery at the host's root only, so it stays there under a mount path.
  root.route('/', discoveryRoutes(basePath ?? '', deps.webApp !== undefined))
  // OCI clients look for /v2/ at the host's root only, as Terraform does for discovery.
  root.route('/', ociRoutes(deps))
  const app = basePath ? root.basePath(basePath) : root
  app.onError(errorsShapedByRoute(deps.log, `${basePath ?? ''}${REGISTRY_V1}/`))
  app.notFound(notFoundHandler)
  app.use(rejectControlCharacters)
  // Archives stream to storage, which enforces its own limit; every other body is small JSON.
  app.route('/', uploadRoutes(deps))
  app.route('/', providerUploadRoutes(deps))
  for (const prefix of deps.edition === 'self-hosted' ? ADMIN_PREFIXES : []) app.route('/', providerMirrorImportRoutes(deps, prefix))
  const limitBody = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => {
      throw new HTTPException(413, { message: `request body larger than ${MAX_JSON_BODY_BYTES} bytes` })
    },
  })
  // GET and HEAD carry no body; asking for one builds a full Fetch request, which reads do not need.
  app.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)))
  // Middleware only guards what is registered after it: ping and health stay open.
  app.route('/', pingRoutes(deps))
  app.route('/', openApiRoutes(root, basePath ?? '', deps))
  // Off unless configured: without it, /metrics is a 404 like any path that does not exist.
  if (deps.metrics !== undefined) app.route('/', metricsRoute(deps.metrics))
  if (deps.webApp !== undefined) app.route('/', webUiRoutes(deps.webApp, deps))
  app.route('/', loginTokenRoutes(deps))
  // Archive links are signed; the clients that follow them send no credentials.
  app.route('/', moduleArchiveRoutes(deps))
  app.route('/', providerFileRoutes(deps))
  app.route('/', providerMirrorRoutes(deps))
  // The registry protocol authenticates itself, to answer failures in its own error shape.
  app.route(REGISTRY_V1, moduleRegistryRoutes(deps))
  app.route(REGISTRY_V1, providerRegistryRoutes(deps))
  // Git hosts send no credentials: the token in the path is the webhook's secret.
  app.route(VCS_WEBHOOKS, vcsWebhookRoutes(deps))

  const authenticated = authenticate(deps)
  // TFE's paths, without /api/v2: the first administrator has no token to authenticate with.
  if (deps.edition === 'self-hosted') app.route('/admin', initialAdminRoutes(deps))
  for (const prefix of deps.edition === 'self-hosted' ? ADMIN_PREFIXES : []) {
    app.route(`${prefix}/users/actions/unimpersonate`, unimpersonateRoute(deps))
    app.use(`${prefix}/*`, authenticated, requireSiteAdmin)
    app.route(`${prefix}/tool-versions`, toolVersionRoutes(deps, 'tool-versions'))
    app.route(`${prefix}/terraform-versions`, toolVersionRoutes(deps, 'terraform-versions'))
    app.route(`${prefix}/users`, adminUserRoutes(deps))
    app.route(`${prefix}/workspaces`, adminWorkspaceRoutes(deps))
    app.route(`${prefix}/audit-events`, auditEventRoutes(deps))
    app.route(`${prefix}/general-settings`, adminGeneralSettingsRoutes(deps))
    app.route(`${prefix}/provider-mirror`, adminProviderMirrorRoutes(deps))
  }
  app.route(PUBLIC_REGISTRY_PREFIX, publicRegistryRoutes(deps))
  // Outside /api/v2, as on Terraform Enterprise (go-tfe sends it to its registry base URL).
  app.use(`${GPG_KEYS}/*`, authenticated)
  app.route(GPG_KEYS, gpgKeyRoutes(deps))
  app.use('/api/v2/*', authenticated)
  app.route('/api/v2/organizations', organizationRoutes(deps))
  const routeGroups = [
    sessionRoutes,
    membershipRoutes,
    teamRoutes,
    tokenRoutes,
    workspaceRoutes,
    runRoutes,
    registryModuleRoutes,
    registryProviderRoutes,
    providerVersionRoutes,
    providerPlatformRoutes,
    deprecatedModuleRoutes,
    vcsConnectionRoutes,
    vcsPublishRoutes,
    vcsCommitRoutes,
    githubAppInstallationRoutes,
  ]
  for (const routes of routeGroups) {
    app.route('/api/v2', routes(deps))
  }
  return app
}

/**
 * Failures of the registry protocol's routes (those under `protocolRoutes`) in the protocol's own
 * shape, all others as JSON:API error documents. Chosen by the route whose handler failed rather
 * than by `onError` on the protocol's routes: Hono honours a mounted app's `onError` by wrapping
 * each of its handlers in a composition of its own, three more layers on every request of the
 * hottest path.
 */
function errorsShapedByRoute(log: ErrorLog, protocolRoutes: string): ErrorHandler<AppEnv> {
  const jsonApiErrors = errorHandler(log)
  const protocolErrors = protocolErrorHandler(log)
  return (error, c) => (routePath(c).startsWith(protocolRoutes) ? protocolErrors : jsonApiErrors)(error, c)
}
