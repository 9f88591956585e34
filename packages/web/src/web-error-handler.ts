import { isCairnError, type ErrorCode } from '@cairn/core'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { WebEnv } from './web-deps.ts'
import { messagePage } from './views/message-page.ts'
import { frameOf } from './routes/page-frame.ts'

const PAGES = {
  not_found: [404, 'Not found', 'There is no such page, or you may not see it.'],
  invalid: [422, 'That did not work', ''],
  bad_request: [400, 'That did not work', ''],
  precondition: [400, 'That did not work', ''],
  conflict: [409, 'That did not work', ''],
  forbidden: [403, 'Refused', ''],
  unauthenticated: [401, 'Sign in', ''],
  unavailable: [503, 'Unavailable', 'A service Cairn needs is down; try again in a moment.'],
  rate_limited: [429, 'Too many attempts', ''],
  upstream_failed: [502, 'Unavailable', 'The public registry answered badly; try again in a moment.'],
  upstream_timeout: [504, 'Unavailable', 'The public registry did not answer in time; try again in a moment.'],
} as const satisfies Record<ErrorCode, readonly [ContentfulStatusCode, string, string]>

/** The longest path and query kept to return to after signing in. */
const MAX_NEXT_LENGTH = 2048

/**
 * Domain errors as pages, with the API's statuses. A signed-out browser asking for a page is
 * sent to sign in and back; a script (which asks for JSON) gets the status and the reason.
 */
export function webErrorHandler(error: Error, c: Context<WebEnv>) {
  if (error instanceof HTTPException && error.status === 403) return render(c, 403, 'Refused', 'The request came from another site.')
  // The rest of an oversized body is never read, so this connection cannot carry another request.
  if (error instanceof HTTPException && error.status === 413) return render(c, 413, 'Too large', error.message, { Connection: 'close' })
  if (!isCairnError(error)) throw error
  const wantsJson = c.req.header('Accept')?.includes('application/json') === true
  const retry = error.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(error.retryAfterSeconds) }
  if (wantsJson) return c.json({ error: error.message, fields: error.fields }, PAGES[error.code][0], retry)
  if (error.code === 'unauthenticated' && c.req.method === 'GET') {
    const { pathname, search } = new URL(c.req.url)
    // A place to return to only while it fits a header every client reads: paths may be long.
    const back = pathname.length + search.length <= MAX_NEXT_LENGTH ? `?next=${encodeURIComponent(pathname + search)}` : ''
    return c.redirect(`/app/sign-in${back}`, 303)
  }
  const [status, heading, text] = PAGES[error.code]
  return render(c, status, heading, text === '' ? error.message : text, retry)
}

function render(c: Context<WebEnv>, status: ContentfulStatusCode, heading: string, text: string, headers?: Record<string, string>) {
  // The frame needs the CSRF token, which is not set when the error came before it.
  const frame = (c.var as Partial<WebEnv['Variables']>).csrfToken === undefined ? { title: heading, csrfToken: '' } : frameOf(c, heading)
  return c.html(messagePage(frame, { heading, text }), status, headers)
}
