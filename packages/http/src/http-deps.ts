import type { Edition, ErrorLog, ExpiringCache, HealthCheck, Principal, UseCases } from '@cairn/core'
import type { Hono } from 'hono'
import type { GetConnInfo } from 'hono/conninfo'
import type { AnswerCache, CachedAnswer } from './cached-answer.ts'
import type { MetricsEndpoint } from './routes/metrics-route.ts'
import type { ServedRequest } from './served-requests.ts'

/** The use cases and settings the HTTP adapter serves. */
export interface HttpDeps extends UseCases {
  readonly health: HealthCheck
  /** The admin API exists only in the self-hosted edition; elsewhere its routes are 404. */
  readonly edition: Edition
  /** Where clients reach this server, for absolute links; the request's own URL when absent. */
  readonly baseUrl?: URL
  /**
   * The path this app is mounted at in a host (`/registry`, no trailing slash): routes answer
   * under it and every link carries it. The base URL, when set, is then the host's.
   */
  readonly basePath?: string
  /**
   * What `modules.v1` answers a download with: the signed archive link (`archive`, the default,
   * which every CLI follows) or the version's OCI artifact pinned by digest (`oci`,
   * `oci://<host>/<org>/modules/<name>/<provider>?digest=…`), which only OpenTofu 1.10 and later install.
   */
  readonly moduleDownloads?: 'archive' | 'oci'
  /** Where the archive upload host is reached (`{upload_url}`); the base URL when absent. */
  readonly uploadUrl?: URL
  readonly log: ErrorLog
  /**
   * Where `cachedRead` keeps the answers of the reads that opt in; the app empties it on every
   * write `storeWrites` hears, so its own bound and expiry only limit its memory.
   */
  readonly answerCache: ExpiringCache<CachedAnswer>
  /** Serves `/metrics` when given. */
  readonly metrics?: MetricsEndpoint
  /** Hears of every request once it is answered (for the request log and metrics). */
  readonly onServed?: (request: ServedRequest) => void
  /**
   * The client's address as the socket has it (never a forwarded header, which the client writes).
   * Without it, loopback-only routes are 404.
   */
  readonly connInfo?: GetConnInfo
  /**
   * The reverse proxies whose `X-Forwarded-For` names the client (see `clientAddress`); none
   * when absent: the socket's address is the client's.
   */
  readonly isTrustedProxy?: (address: string) => boolean
  /** Whether a client at this address may read and use the IACT; loopback only when absent. */
  readonly initialAdminClients?: (address: string) => boolean
  /** The web UI, served at `/app/` (browsers asking for `/` go there); absent in API-only installations. */
  readonly webApp?: Hono
  /** The version the OpenAPI description gives (`info.version`); `0.0.0` when absent. */
  readonly apiVersion?: string
  /** The reference page at `/api/docs`, served when given (`apiDocs()` of `@cairn/api-docs`); else that path is 404. */
  readonly apiDocs?: ApiDocsPage
  /** This process's initial admin creation token, shown to loopback clients while there is no site admin. */
  readonly initialAdminToken?: string
}

/** What the routes are built over: the host's deps, and the answer cache the app built over its `answerCache`. */
export interface RouteDeps extends HttpDeps {
  readonly answers: AnswerCache
}

/**
 * An API reference page that renders `/api/openapi.json` in the browser: `apiDocs()` of
 * `@cairn/api-docs` (Scalar), which hosts add when they want the page, as its bundle is heavy.
 */
export interface ApiDocsPage {
  /** The page, loading its script from `scriptUrl`; each of its script tags carries `nonce`. */
  html(page: { readonly documentUrl: string; readonly scriptUrl: string; readonly nonce: string; readonly title: string }): string
  /** The page's script, which Cairn serves at `scriptUrl`: the page works offline. */
  script(): Promise<Uint8Array<ArrayBuffer>>
}

/** What the authentication middleware leaves for route handlers. */
export interface AppEnv {
  /**
   * `basePath` is the app's mount path, for the paths in resource links (unset at the root);
   * `answersGeneration` is the generation of `storeWrites` when authentication began, and
   * `jsonApiBody` the document `jsonApi` answered with (both for `cachedRead`).
   */
  Variables: { principal: Principal; requestId: string; basePath?: string; answersGeneration: number; jsonApiBody: string }
}
