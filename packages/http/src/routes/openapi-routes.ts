import { Hono } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import type { OpenAPIV3_1 } from 'openapi-types'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { openApiDocument } from '../openapi/openapi-document.ts'
import { operation } from '../openapi/operation.ts'
import { bodyOfType, json } from '../openapi/responses.ts'

export const OPENAPI_PATH = '/api/openapi.json'
export const REFERENCE_PATH = '/api/docs'
/** The reference page's script, served by Cairn: the page must work offline. */
const SCRIPT_PATH = '/api/docs/standalone.js'

const TAG = 'operations'
const DOCUMENT = operation({
  summary: 'This OpenAPI description',
  tag: TAG,
  security: [],
  errors: 'none',
  responses: { 200: json('The OpenAPI 3.1 document', { type: 'object' }) },
})
const REFERENCE = operation({
  summary: 'The API reference page',
  tag: TAG,
  security: [],
  errors: 'none',
  responses: { 200: bodyOfType('The rendered reference', 'text/html') },
})
const SCRIPT = operation({
  summary: 'The reference page’s script',
  tag: TAG,
  security: [],
  errors: 'none',
  responses: { 200: bodyOfType('The page’s script (Scalar’s standalone bundle)', 'text/javascript') },
})

/**
 * The reference page's Content-Security-Policy: its two script tags (Scalar's bundle and the inline
 * call that starts it) carry a fresh nonce, nothing else may run; Scalar styles itself inline, and
 * it only fetches the OpenAPI document (and, trying an operation, the API) from Cairn. No HSTS:
 * that is for the operator's TLS front to decide for the whole host.
 */
const referenceHeaders = secureHeaders({
  strictTransportSecurity: false,
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
})

/**
 * `GET /api/openapi.json`, generated once from the routes of `root` (the same schemas that
 * validate the requests), and, when the host added one (`apiDocs`), the reference page that
 * renders it at `/api/docs` with its script.
 */
export function openApiRoutes(root: Hono<AppEnv>, basePath: string, deps: Pick<HttpDeps, 'apiVersion' | 'apiDocs'>): Hono<AppEnv> {
  let document: Promise<OpenAPIV3_1.Document> | undefined
  const routes = new Hono<AppEnv>().get(OPENAPI_PATH, DOCUMENT, async (c) => {
    // Generated once, at the first request, when every route is registered; a failure is retried.
    document ??= openApiDocument(root, basePath, deps.apiVersion ?? '0.0.0').catch((error: unknown) => {
      document = undefined
      throw error
    })
    return c.json(await document)
  })
  const { apiDocs } = deps
  if (apiDocs === undefined) return routes
  return routes
    .get(REFERENCE_PATH, REFERENCE, referenceHeaders, (c) =>
      c.html(
        apiDocs.html({
          documentUrl: `${basePath}${OPENAPI_PATH}`,
          scriptUrl: `${basePath}${SCRIPT_PATH}`,
          // Set by referenceHeaders just before.
          nonce: c.get('secureHeadersNonce') ?? '',
          title: 'Cairn API reference',
        }),
      ),
    )
    .get(SCRIPT_PATH, SCRIPT, async (c) =>
      c.body(await apiDocs.script(), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
    )
}
