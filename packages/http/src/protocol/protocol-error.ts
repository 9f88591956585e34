import type { ErrorLog } from '@cairn/core'
import { isCairnError } from '@cairn/core'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../http-deps.ts'
import { STATUS } from '../jsonapi/error-document.ts'

/**
 * Failures of the registry protocol, in its own error shape `{"errors":["…"]}`: domain errors by
 * the STATUS table, anything unexpected logged and answered as a generic 500.
 */
export function protocolErrorHandler(log: ErrorLog) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (isCairnError(error)) return protocolError(c, STATUS[error.code], error.message)
    if (error instanceof HTTPException && error.status < 500) return protocolError(c, error.status, error.message || 'bad request')
    const requestId = c.get('requestId')
    // No path: paths carry secrets (signed links). The request's log line has its route, by id.
    log.error('unexpected error', { requestId, error: error.stack ?? error.message })
    return protocolError(c, 500, `internal server error (request ${requestId})`)
  }
}

function protocolError(c: Context<AppEnv>, status: ContentfulStatusCode, message: string): Response {
  return c.json({ errors: [message] }, status)
}
