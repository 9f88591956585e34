import { createUseCases } from '@cairn/core'
import { createHttpApp, JSON_API } from '@cairn/http'
import { InMemoryExpiringCache } from '@cairn/memory'
import { inMemoryDeps } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { cookieOf, ORIGIN, webTestApp } from './test-support/web-test-app.ts'

const HOSTILE_README = [
  '1.0.0',
  '# Hostile',
  '',
  'Made to try <em>everything</em>.',
  '<script>window.pwned = true</script>',
  '<img src="https://example.com/x.png" onerror="window.pwned = true">',
  '[click](javascript:window.pwned=true)',
  '<a href="javascript:window.pwned=true">raw</a>',
  '![pixel](data:image/png;base64,iVBORw0KGgo=)',
  '<iframe src="https://evil.example"></iframe>',
].join('\n')

/** The module links of a list page, in order. */
const order = (page: string) => [...page.matchAll(/<a href="(\/app\/acme\/[^"]+)"><strong>/g)].map((m) => m[1])

describe('the web UI', () => {
  it('/ sends browsers to /app/ and API clients still get 404; static files are cached for good', async () => {
    const t = await webTestApp()
    const home = await t.app.request('/', { headers: { Accept: 'text/html,application/xhtml+xml' } })
    expect(home.status).toBe(302)
    expect(home.headers.get('Location')).toBe('/app/')
    expect((await t.app.request('/', { headers: { Accept: 'application/json' } })).status).toBe(404)
    const page = await (await t.browse('/app/sign-in')).text()
    const script = /<script src="([^"]+)"/.exec(page)?.[1] ?? ''
    const asset = await t.app.request(script)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('Content-Type')).toMatch(/^text\/javascript/)
  })

  it('an API-only installation (no web app given) serves neither /app/ nor the redirect', async () => {
    const ports = inMemoryDeps()
    const app = createHttpApp({
      ...createUseCases(ports),
      health: ports.health,
      edition: 'self-hosted',
      answerCache: new InMemoryExpiringCache(),
      log: { error: () => undefined },
    })
    for (const path of ['/', '/app/', '/app/sign-in', '/favicon.ico']) {
      const response = await app.request(path, { headers: { Accept: 'text/html' } })
      expect(response.status, path).toBe(404)
      expect(response.headers.get('Content-Type')).toBe(JSON_API)
    }
  })

  it('pages carry a strict CSP with no inline script, and are not cached', async () => {
    const t = await webTestApp()
    const response = await t.browse('/app/sign-in')
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.text()).not.toMatch(/<script>|<script(?![^>]*\bsrc=)/)
  })

  it('a signed-out browser is sent to sign in, and back afterwards', async () => {
    const t = await webTestApp()
    const home = await t.browse('/app/')
    expect(home.headers.get('Location')).toBe('/app/sign-in?next=%2Fapp%2F')
    const response = await t.browse('/app/acme?q=vpc')
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/app/sign-in?next=%2Fapp%2Facme%3Fq%3Dvpc')
  })

  it('sign-in with a token sets an HttpOnly SameSite session cookie; sign-out ends the session', async () => {
    const t = await webTestApp()
    const page = await t.browse('/app/sign-in')
    const csrfCookie = cookieOf(page, 'cairn_csrf')
    const csrf = csrfCookie.split('=')[1] ?? ''
    const signedIn = await t.browse('/app/sign-in', { cookie: csrfCookie, form: { _csrf: csrf, token: t.reader.token, next: '/app/acme' } })
    expect(signedIn.status).toBe(303)
    expect(signedIn.headers.get('Location')).toBe('/app/acme')
    const setCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('cairn_session=')) ?? ''
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)
    const cookie = `${csrfCookie}; ${cookieOf(signedIn, 'cairn_session')}`
    expect((await t.browse('/app/acme', { cookie })).status).toBe(200)

    const signedOut = await t.browse('/app/sign-out', { cookie, form: { _csrf: csrf } })
    expect(signedOut.status).toBe(303)
    expect((await t.browse('/app/acme', { cookie })).status).toBe(303)
  })

  it('sign-in with a username and password, where the user has one', async () => {
    const t = await webTestApp()
    await t.setPassword(t.reader.user.id, 'correct horse')
    const csrfCookie = cookieOf(await t.browse('/app/sign-in'), 'cairn_csrf')
    const csrf = csrfCookie.split('=')[1] ?? ''
    const signIn = (password: string) =>
      t.browse('/app/sign-in/password', { cookie: csrfCookie, form: { _csrf: csrf, username: 'reader', password, next: '/app/acme' } })
    expect((await signIn('wrong')).status).toBe(401)
    const signedIn = await signIn('correct horse')
    expect(signedIn.status).toBe(303)
    const cookie = `${csrfCookie}; ${cookieOf(signedIn, 'cairn_session')}`
    expect(await (await t.browse('/app/acme', { cookie })).text()).toContain('Signed in as <strong>reader</strong>')
  })

  it('a wrong token, or a next page on another site, gets nowhere', async () => {
    const t = await webTestApp()
    const page = await t.browse('/app/sign-in')
    const csrfCookie = cookieOf(page, 'cairn_csrf')
    const csrf = csrfCookie.split('=')[1] ?? ''
    const refused = await t.browse('/app/sign-in', { cookie: csrfCookie, form: { _csrf: csrf, token: 'at-1.nope', next: '/app/' } })
    expect(refused.status).toBe(401)
    expect(await refused.text()).toContain('role="alert"')
    const elsewhere = await t.browse('/app/sign-in', {
      cookie: csrfCookie,
      form: { _csrf: csrf, token: t.reader.token, next: '//evil.example/' },
    })
    expect(elsewhere.headers.get('Location')).toBe('/app/')
  })

  it.each([
    ['no CSRF token', (csrf: string) => ({ form: { token: 'x' }, csrf })],
    ['a wrong CSRF token', (csrf: string) => ({ form: { _csrf: `${csrf.slice(1)}x`, token: 'x' }, csrf })],
    ['another Origin', (csrf: string) => ({ form: { _csrf: csrf, token: 'x' }, csrf, origin: 'https://evil.example' })],
  ])('403 for a form with %s', async (_, make) => {
    const t = await webTestApp()
    const csrfCookie = cookieOf(await t.browse('/app/sign-in'), 'cairn_csrf')
    const { form, origin } = make(csrfCookie.split('=')[1] ?? '') as { form: Record<string, string>; origin?: string }
    const response = await t.browse('/app/sign-in', { cookie: csrfCookie, form, headers: origin === undefined ? {} : { Origin: origin } })
    expect(response.status).toBe(403)
    expect(response.headers.getSetCookie().some((c) => c.startsWith('cairn_session='))).toBe(false)
  })

  it('the module list searches by name, filters by provider, pages, and says what to do when empty', async () => {
    const t = await webTestApp()
    const { cookie } = await t.signIn(t.reader.token)
    expect(await (await t.browse('/app/acme', { cookie })).text()).toContain('has no modules yet')
    for (const [name, provider] of [
      ['vpc', 'aws'],
      ['vpc', 'google'],
      ['dns', 'aws'],
    ] as const) {
      t.clock.advance(60_000)
      await t.publish(t.owner.principal, { name, provider, version: '1.0.0', archive: `1.0.0\n# readme\n\nThe ${name} of ${provider}.` })
    }
    const all = await (await t.browse('/app/acme', { cookie })).text()
    expect(all).toContain('3 modules')
    // Each says what it is, in the words its latest version's README opens with.
    expect(all).toMatch(/href="\/app\/acme\/vpc\/google"[\s\S]*?<p class="description">The vpc of google.<\/p>\n<\/li>/)
    const search = await (await t.browse('/app/acme?q=vp&provider=aws', { cookie })).text()
    expect(search).toContain('1 module')
    expect(search).toContain('href="/app/acme/vpc/aws"')
    expect(search).not.toContain('href="/app/acme/dns/aws"')
    t.clock.advance(60_000)
    await t.publish(t.owner.principal, { name: 'dns', provider: 'aws', version: '1.1.0', archive: '1.1.0\n# readme\n\nThe newer dns.' })
    const byName = await (await t.browse('/app/acme?sort=name', { cookie })).text()
    expect(order(byName)).toEqual(['/app/acme/dns/aws', '/app/acme/vpc/aws', '/app/acme/vpc/google'])
    const recent = await (await t.browse('/app/acme?sort=recently-published', { cookie })).text()
    expect(order(recent)).toEqual(['/app/acme/dns/aws', '/app/acme/vpc/google', '/app/acme/vpc/aws'])
    expect(recent).toContain('<option value="recently-published" selected>')
    expect(recent).toContain('<p class="description">The newer dns.</p>')
    expect(recent).not.toContain('The dns of aws.')
    for (let i = 0; i < 22; i++)
      await t.publish(t.owner.principal, { name: `m${String(i).padStart(2, '0')}`, provider: 'aws', version: '1.0.0', archive: '1.0.0' })
    const first = await (await t.browse('/app/acme?provider=aws', { cookie })).text()
    expect(first).toContain('Page 1 of 2')
    expect(first).toContain('href="?q=&amp;provider=aws&amp;sort=name&amp;page=2">Next page</a>')
    const second = await (await t.browse('/app/acme?provider=aws&page=2', { cookie })).text()
    expect(order(second)).toEqual(['/app/acme/m19/aws', '/app/acme/m20/aws', '/app/acme/m21/aws', '/app/acme/vpc/aws'])
    expect(second).toContain('Previous page')
    const none = await (await t.browse('/app/acme?q=nothing', { cookie })).text()
    expect(none).toContain('No module matches')
    expect(none).toContain('clear the search')
  })

  it('the module page shows the version, its inputs, downloads, the usage snippet and a safe README', async () => {
    const t = await webTestApp()
    await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.0.0', archive: HOSTILE_README })
    await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.1.0', archive: '1.1.0\n# Newer' })
    const { cookie } = await t.signIn(t.reader.token)
    const latest = await (await t.browse('/app/acme/vpc/aws', { cookie })).text()
    expect(latest).toContain('1.1.0_only')
    // The README's opening paragraph says what the module is; 1.1.0's has none.
    expect(latest).not.toContain('class="description"')
    expect(await (await t.browse('/app/acme/vpc/aws?version=1.0.0', { cookie })).text()).toContain(
      '<p class="description">Made to try everything.</p>',
    )
    expect(latest).toContain('source  = &quot;cairn.test/acme/vpc/aws&quot;')
    expect(latest).toContain('version = &quot;1.1.0&quot;')
    expect(latest).toMatch(
      /id="inputs"[\s\S]*id="outputs"[\s\S]*id="resources"[\s\S]*id="providers"[\s\S]*id="submodules"[\s\S]*id="examples"/,
    )

    const response = await t.browse('/app/acme/vpc/aws?version=1.0.0', { cookie })
    const older = await response.text()
    expect(older).toContain('1.0.0_only')
    expect(older).not.toContain('1.1.0_only')
    const readme = older.slice(older.indexOf('id="readme-heading"'))
    expect(readme).toContain('<h1>Hostile</h1>')
    expect(readme).not.toMatch(/<script|onerror|href="javascript|src="data|<iframe/i)
  })

  it('a user of another organization gets the same 404 as the API, for the list and the module', async () => {
    const t = await webTestApp()
    await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.0.0', archive: '1.0.0\n# r' })
    const { cookie } = await t.signIn(t.stranger.token)
    for (const path of ['/app/acme', '/app/acme/vpc/aws', '/app/acme/vpc/aws?version=1.0.0', '/app/acme/nope/aws']) {
      const response = await t.browse(path, { cookie })
      expect(response.status, path).toBe(404)
      expect(await response.text()).toContain('Not found')
    }
    const api = await t.app.request(`${ORIGIN}/api/v2/organizations/acme/registry-modules`, {
      headers: { Authorization: `Bearer ${t.stranger.token}` },
    })
    expect(api.status).toBe(404)
  })

  it('managers see failed versions with the reason and the upload form; readers see neither', async () => {
    const t = await webTestApp()
    await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.0.0', archive: '1.0.0\n# r' })
    await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.1.0', archive: 'bad archive' })
    const owner = await t.signIn(t.owner.token)
    const managed = await (await t.browse('/app/acme/vpc/aws?version=1.1.0', owner)).text()
    expect(managed).toContain('1.1.0 (Failed)')
    expect(managed).toContain('<p class="error" role="status">Failed: is not a gzip tarball</p>')
    expect(managed).not.toContain('Published')
    expect(managed).toContain('Upload a version')
    const reader = await t.signIn(t.reader.token)
    const read = await (await t.browse('/app/acme/vpc/aws', reader)).text()
    expect(read).not.toContain('1.1.0')
    expect(read).not.toContain('Upload a version')
    expect((await t.browse('/app/acme/vpc/aws?version=1.1.0', reader)).status).toBe(404)
  })

  it('a manager creates a version from the page and gets the upload link; a reader is refused', async () => {
    const t = await webTestApp()
    await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.0.0', archive: '1.0.0\n# r' })
    const owner = await t.signIn(t.owner.token)
    const created = await t.browse('/app/acme/vpc/aws/versions', {
      cookie: owner.cookie,
      form: { _csrf: owner.csrf, version: '2.0.0' },
      headers: { Accept: 'application/json' },
    })
    expect(created.status).toBe(201)
    const { uploadUrl, statusUrl } = (await created.json()) as { uploadUrl: string; statusUrl: string }
    expect(statusUrl).toBe('/app/acme/vpc/aws/versions/2.0.0/status')
    const uploaded = await t.app.request(uploadUrl, { method: 'PUT', body: '2.0.0\n# two' })
    expect(uploaded.status).toBe(200)
    // The upload answers once stored; the page watches the version's status until its analysis settles it.
    const status = async () => (await (await t.browse(statusUrl, owner)).json()) as unknown
    await expect.poll(status).toEqual({ tone: 'ready', text: 'Ready' })
    expect(await (await t.browse('/app/acme/vpc/aws', owner)).text()).toContain('2.0.0_only')
    const failed = await t.browse('/app/acme/vpc/aws/versions', {
      cookie: owner.cookie,
      form: { _csrf: owner.csrf, version: '2.1.0' },
      headers: { Accept: 'application/json' },
    })
    const broken = (await failed.json()) as { uploadUrl: string; statusUrl: string }
    expect((await t.app.request(broken.uploadUrl, { method: 'PUT', body: 'bad archive' })).status).toBe(200)
    await expect
      .poll(async () => (await (await t.browse(broken.statusUrl, owner)).json()) as unknown)
      .toEqual({ tone: 'failed', text: 'Failed: is not a gzip tarball' })

    const reader = await t.signIn(t.reader.token)
    const refused = await t.browse('/app/acme/vpc/aws/versions', {
      cookie: reader.cookie,
      form: { _csrf: reader.csrf, version: '3.0.0' },
      headers: { Accept: 'application/json' },
    })
    expect(refused.status).toBe(404)
    expect((await t.browse(statusUrl, reader)).status).toBe(200)
    expect((await t.browse(statusUrl)).status).not.toBe(200)
  })
})
