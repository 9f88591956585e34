import { expect } from 'vitest'
import { httpsRequest, type HttpsAnswer } from './https-client.ts'

/** `name=value` of every cookie an answer sets, for the next request's `Cookie`. */
function cookiesOf(answer: HttpsAnswer): string[] {
  const set = answer.headers['set-cookie'] ?? []
  return (Array.isArray(set) ? set : [set]).map((cookie) => cookie.split(';')[0] ?? '')
}

/**
 * What a browser does in `terraform login` / `tofu login`: signs in on Cairn's web form with a
 * token, opens the `authz` URL the CLI printed, approves on the page, and follows the page on to
 * the CLI's listener. Requests go to `serverUrl`, the page's own origin (the CLI's URL names the
 * registry host only the CLI's hosts file knows); the form posts carry the Origin a browser sends.
 */
export async function approveLoginInBrowser(options: {
  readonly serverUrl: string
  readonly ca: Buffer
  readonly token: string
  readonly authzUrl: string
}): Promise<void> {
  const { serverUrl, ca } = options
  const origin = new URL(serverUrl).origin
  const signInPage = await httpsRequest(`${serverUrl}/app/sign-in`, { ca, headers: { Accept: 'text/html' } })
  const csrfCookie = cookiesOf(signInPage).find((cookie) => cookie.startsWith('cairn_csrf=')) ?? ''
  const csrf = csrfCookie.split('=')[1] ?? ''
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    httpsRequest(`${serverUrl}${path}`, {
      ca,
      method: 'POST',
      headers: { Accept: 'text/html', Cookie: cookie, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })
  const signedIn = await post('/app/sign-in', csrfCookie, { _csrf: csrf, token: options.token, next: '/app/' })
  expect(signedIn.status).toBe(303)
  const cookie = [csrfCookie, ...cookiesOf(signedIn).filter((c) => c.startsWith('cairn_session='))].join('; ')
  const authz = new URL(options.authzUrl)
  const page = await httpsRequest(`${serverUrl}${authz.pathname}${authz.search}`, { ca, headers: { Accept: 'text/html', Cookie: cookie } })
  expect(page.status).toBe(200)
  expect(page.body.toString()).toContain('Approve')
  const decided = await post(authz.pathname, cookie, { _csrf: csrf, ...Object.fromEntries(authz.searchParams), decision: 'approve' })
  expect(decided.status).toBe(200)
  const href = /id="return-to-cli" href="([^"]+)"/.exec(decided.body.toString())?.[1]?.replaceAll('&amp;', '&')
  if (href === undefined) throw new Error(`the approval did not send the browser back to the CLI: ${decided.body.toString()}`)
  const listener = new URL(href)
  expect(listener.hostname).toBe('localhost')
  // The CLI listens on 127.0.0.1 (tcp4) only; Node may try ::1 for localhost first.
  listener.hostname = '127.0.0.1'
  const returned = await fetch(listener)
  expect(returned.status).toBe(200)
}
