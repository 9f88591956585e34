import type { ErrorLog } from '@cairn/core'
import { CairnError, isCairnError } from '@cairn/core'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from './http-deps.ts'
import { errorDocument, STATUS } from './jsonapi/error-document.ts'
import { jsonApi } from './jsonapi/media-type.ts'

/**
 * The one place where failures become HTTP answers: domain errors by the STATUS table, Hono's own
 * (a body over the limit) by their status, anything else as a logged, generic 500.
 */
export function errorHandler(log: ErrorLog) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (isCairnError(error)) {
      const response = jsonApi(c, errorDocument(error), STATUS[error.code])
      if (error.retryAfterSeconds !== undefined) response.headers.set('Retry-After', String(error.retryAfterSeconds))
      // go-tfe retries a 429 after X-RateLimit-Reset, which it parses as a float, and exits on one it cannot parse.
      if (error.code === 'rate_limited') response.headers.set('X-RateLimit-Reset', (error.retryAfterSeconds ?? 1).toFixed(3))
      return response
    }
    if (error instanceof HTTPException && error.status < 500) {
      const response = jsonApi(c, { errors: [{ status: String(error.status), title: error.message || 'bad request' }] }, error.status)
      // The rest of an oversized body is never read, so this connection cannot carry another request.
      if (error.status === 413) response.headers.set('Connection', 'close')
      return response
    }
    const requestId = c.get('requestId')
    // No path: paths carry secrets (signed links). The request's log line has its route, by id.
    log.error('unexpected error', { requestId, error: describe(error) })
    return jsonApi(c, { errors: [{ status: '500', title: 'internal server error', detail: `request ${requestId}` }] }, 500)
  }
}

/** Answers routes that do not exist like resources that do not: a 404 error document. */
export function notFoundHandler(c: Context<AppEnv>): Response {
  return jsonApi(c, errorDocument(CairnError.notFound('resource')), 404)
}

function describe(error: Error): string {
  return error.stack ?? `${error.name}: ${error.message}`
}
