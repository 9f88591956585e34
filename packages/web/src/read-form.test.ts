import { describe, expect, it } from 'vitest'
import { MAX_FORM_BYTES } from './middleware/form-body-limit.ts'
import { cookieOf, ORIGIN, webTestApp, type WebTestApp } from './test-support/web-test-app.ts'

/** A form post as sent, byte for byte, from this site with this browser's CSRF cookie; `{csrf}` stands for its token. */
async function post(t: WebTestApp, path: string, body: string, headers: Record<string, string> = {}) {
  const csrfCookie = cookieOf(await t.browse('/app/sign-in'), 'cairn_csrf')
  const csrf = csrfCookie.split('=')[1] ?? ''
  const response = await t.app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: body.replaceAll('{csrf}', csrf),
    headers: {
      Origin: ORIGIN,
      Cookie: csrfCookie,
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html',
      ...Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replaceAll('{csrf}', csrf)])),
    },
  })
  return { response, text: await response.text() }
}

describe('forms the pages read (readForm)', () => {
  it('400 for a body that does not parse, before and after the CSRF check', async () => {
    const t = await webTestApp()
    for (const headers of [{ 'Content-Type': 'multipart/form-data' }, { 'Content-Type': 'multipart/form-data; boundary=b' }]) {
      expect((await post(t, '/app/sign-in', 'x', headers)).response.status).toBe(400)
    }
    // With the token in the header, the route reads the form.
    const afterCheck = await post(t, '/app/sign-in', 'x', { 'Content-Type': 'multipart/form-data', 'X-CSRF-Token': '{csrf}' })
    expect(afterCheck.response.status).toBe(400)
    expect(afterCheck.text).toContain('the form could not be read')
  })

  it('400 for a body of another type; an empty body is an empty form', async () => {
    const t = await webTestApp()
    for (const type of ['text/plain', 'application/json', 'application/octet-stream']) {
      expect((await post(t, '/app/sign-in', '_csrf={csrf}', { 'Content-Type': type })).response.status, type).toBe(400)
    }
    // No token in an empty form: refused as a stale form.
    expect((await post(t, '/app/sign-in', '', { 'Content-Type': 'text/plain' })).response.status).toBe(403)
  })

  it('422 naming the field for a NUL anywhere, also in a value a repeated field replaces', async () => {
    const t = await webTestApp()
    const nul = await post(t, '/app/sign-in/password', '_csrf={csrf}&username=%00&password=x')
    expect(nul.response.status).toBe(422)
    expect(nul.text).toContain('username must not contain NUL characters')
    expect((await post(t, '/app/sign-in', '_csrf={csrf}&token=%00&token=x')).response.status).toBe(422)
    // A long boundary, as browsers send: Node's parser refuses a part whose content holds the boundary's text.
    const b = '----CairnFormBoundary7MA4YWxkTrZu0gW'
    const multipart = `--${b}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n{csrf}\r\n--${b}\r\nContent-Disposition: form-data; name="token"\r\n\r\na\u0000\r\n--${b}--\r\n`
    expect((await post(t, '/app/sign-in', multipart, { 'Content-Type': `multipart/form-data; boundary=${b}` })).response.status).toBe(422)
  })

  it('a script asking for JSON gets the status and the reason as JSON', async () => {
    const t = await webTestApp()
    const { response, text } = await post(t, '/app/sign-in', 'x', { 'Content-Type': 'multipart/form-data', Accept: 'application/json' })
    expect(response.status).toBe(400)
    expect(JSON.parse(text)).toMatchObject({ error: expect.stringContaining('the form could not be read') })
  })

  it('413 for a form over the limit, closing the connection', async () => {
    const t = await webTestApp()
    const { response, text } = await post(t, '/app/sign-in', `_csrf={csrf}&token=${'a'.repeat(MAX_FORM_BYTES)}`)
    expect(response.status).toBe(413)
    expect(response.headers.get('Connection')).toBe('close')
    expect(text).toContain(`larger than ${MAX_FORM_BYTES} bytes`)
  })

  it('the last of repeated fields counts', async () => {
    const t = await webTestApp()
    const { response } = await post(t, '/app/sign-in', `_csrf=stale&token=x&_csrf={csrf}&token=${encodeURIComponent(t.reader.token)}`)
    expect(response.status).toBe(303)
  })
})

describe('places to return to after signing in', () => {
  it('only those a Location header carries as they are: else /app/', async () => {
    const t = await webTestApp()
    for (const next of ['/app/\r\nSet-Cookie: x=1', '/app/ x', `/app/${'a'.repeat(3_000)}`]) {
      const { response } = await post(
        t,
        '/app/sign-in',
        `_csrf={csrf}&token=${encodeURIComponent(t.reader.token)}&next=${encodeURIComponent(next)}`,
      )
      expect(response.status).toBe(303)
      expect(response.headers.get('Location')).toBe('/app/')
    }
  })

  it('a signed-out browser on a very long path is sent to sign in, without the path', async () => {
    const t = await webTestApp()
    const response = await t.browse(`/app/${':'.repeat(14_000)}`)
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/app/sign-in')
  })
})
