import { isCairnError, type ErrorCode, type ErrorLog } from '@cairn/core'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../http-deps.ts'
import { STATUS } from '../jsonapi/error-document.ts'
import { challenge } from './oci-credentials.ts'

/** The distribution spec's error codes that Cairn answers with (and `UNAVAILABLE`, as Docker's registry says it). */
export type OciErrorCode =
  | 'NAME_UNKNOWN'
  | 'MANIFEST_UNKNOWN'
  | 'BLOB_UNKNOWN'
  | 'UNAUTHORIZED'
  | 'DENIED'
  | 'UNSUPPORTED'
  | 'PAGINATION_NUMBER_INVALID'
  | 'TOOMANYREQUESTS'
  | 'UNAVAILABLE'
  | 'UNKNOWN'

/**
 * Each domain error as an OCI code. `not_found` only reaches here for a repository (the use case
 * answers a tag, digest or blob it lacks with undefined), so it is always `NAME_UNKNOWN`.
 */
const OCI_CODE = {
  not_found: 'NAME_UNKNOWN',
  invalid: 'UNSUPPORTED',
  bad_request: 'UNSUPPORTED',
  precondition: 'DENIED',
  conflict: 'DENIED',
  forbidden: 'DENIED',
  unauthenticated: 'UNAUTHORIZED',
  unavailable: 'UNAVAILABLE',
  rate_limited: 'TOOMANYREQUESTS',
  upstream_failed: 'UNAVAILABLE',
  upstream_timeout: 'UNAVAILABLE',
} as const satisfies Record<ErrorCode, OciErrorCode>

/** An OCI error document, `{"errors":[{"code","message","detail"}]}`; a HEAD gets the status and headers alone. */
export function ociError(
  c: Context<AppEnv>,
  failure: { readonly status: ContentfulStatusCode; readonly code: OciErrorCode; readonly message: string },
  headers: Record<string, string> = {},
): Response {
  const body = JSON.stringify({ errors: [{ code: failure.code, message: failure.message, detail: null }] })
  const contentType = { 'Content-Type': 'application/json', ...headers }
  return c.req.method === 'HEAD' ? c.body(null, failure.status, contentType) : c.body(body, failure.status, contentType)
}

/** Failures of the `/v2/` routes in the OCI error shape; a 401 carries the challenge its client needs to authenticate. */
export function ociErrorHandler(log: ErrorLog, realmOf: (c: Context<AppEnv>) => string) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (isCairnError(error)) {
      const status = STATUS[error.code]
      const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': challenge(c, realmOf(c)) } : {}
      if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds)
      return ociError(c, { status, code: OCI_CODE[error.code], message: error.message }, headers)
    }
    const requestId = c.get('requestId')
    log.error('unexpected error', { requestId, error: error.stack ?? error.message })
    return ociError(c, { status: 500, code: 'UNKNOWN', message: `internal server error (request ${requestId})` })
  }
}
