import { describe, expect, it } from 'vitest'
import { webTestApp } from '../test-support/web-test-app.ts'
import { publishProvider, SIGNING_KEY } from '../test-support/web-test-providers.ts'

const PAGE = '/app/acme/providers/acme/time'

/** The versions a provider page shows, in order. */
const versionsOf = (page: string) => [...page.matchAll(/<h3 id="version-([^"]+)">/g)].map((m) => m[1])

/** The HTML of one version's section. */
const sectionOf = (page: string, version: string) =>
  new RegExp(`<section class="provider-version" aria-labelledby="version-${version.replaceAll('.', '\\.')}">[\\s\\S]*?</section>`).exec(
    page,
  )?.[0] ?? ''

async function timeProvider() {
  const t = await webTestApp()
  const platforms = [
    { os: 'linux', arch: 'amd64' },
    { os: 'windows', arch: '386', zip: false },
  ]
  await publishProvider(t.useCases, t.owner.principal, { name: 'time', version: '1.0.0', platforms })
  await publishProvider(t.useCases, t.owner.principal, { name: 'time', version: '1.1.0', files: 'shasums' })
  // Published last, yet the lowest: the page orders by number.
  await publishProvider(t.useCases, t.owner.principal, { name: 'time', version: '0.9.0' })
  await t.useCases.providerProtocol.download(
    { namespace: 'acme', type: 'time', version: '1.0.0', os: 'linux', arch: 'amd64' },
    t.reader.principal,
  )
  // Counted in memory; the server writes them every few seconds.
  await t.useCases.providerProtocol.flushDownloads()
  return t
}

describe('a provider page', () => {
  it('shows every version, highest first, with its protocols, files, key and platforms', async () => {
    const t = await timeProvider()
    const { cookie } = await t.signIn(t.reader.token)
    const response = await t.browse(PAGE, { cookie })
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(page).toContain('<h1>acme/time <span class="tag">provider</span></h1>')
    expect(versionsOf(page)).toEqual(['1.1.0', '1.0.0', '0.9.0'])
    const unsigned = sectionOf(page, '1.1.0')
    expect(unsigned).toContain('not installable yet')
    expect(unsigned).toContain('<dt>SHA256SUMS</dt><dd>uploaded</dd>')
    expect(unsigned).toContain('<dt>Signature</dt><dd>not uploaded</dd>')
    const latest = sectionOf(page, '1.0.0')
    expect(latest).toContain('<span class="tag">installable</span>')
    expect(latest).toContain('<dt>Protocols</dt><dd>5.0, 6.0</dd>')
    expect(latest).toContain('<dt>Signature</dt><dd>uploaded, verified</dd>')
    expect(latest).toContain(`<dt>Signing key</dt><dd><code>${SIGNING_KEY.keyId}</code></dd>`)
    expect(latest).toMatch(
      /<tr><th scope="row">linux<\/th><td>amd64<\/td><td><code>terraform-provider-time_1\.0\.0_linux_amd64\.zip<\/code><\/td><td><code class="digest">[0-9a-f]{64}<\/code><\/td><td>yes<\/td><td>1<\/td><\/tr>/,
    )
    expect(latest).toMatch(/<tr><th scope="row">windows<\/th><td>386<\/td>[\s\S]*?<td>no<\/td><td>0<\/td><\/tr>/)
    expect(page).toContain('<dt>Downloads of all versions</dt><dd>1</dd>')
  })

  it('gives the required_providers snippet of the latest installable version, with the host of module sources', async () => {
    const t = await timeProvider()
    const { cookie } = await t.signIn(t.reader.token)
    const page = await (await t.browse(PAGE, { cookie })).text()
    expect(page).toContain('<dt>Latest installable version</dt><dd>1.0.0</dd>')
    expect(page).toContain(
      '<code id="snippet">terraform {\n  required_providers {\n    time = {\n      source  = &quot;cairn.test/acme/time&quot;\n      version = &quot;1.0.0&quot;\n    }\n  }\n}</code>',
    )
    expect(page).toContain('data-copy="snippet"')
  })

  it('escapes the key ids and file names that publishers send', async () => {
    const t = await webTestApp()
    const platforms = [{ os: 'linux', arch: 'amd64', filename: '<img src=x onerror=alert(1)>.zip' }]
    await publishProvider(t.useCases, t.owner.principal, {
      name: 'time',
      version: '1.0.0',
      keyId: '<script>alert(1)</script>',
      platforms,
      files: 'none',
    })
    const { cookie } = await t.signIn(t.reader.token)
    const page = await (await t.browse(PAGE, { cookie })).text()
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;.zip')
    expect(page).not.toContain('<script>alert')
    expect(page).not.toContain('<img src=x')
  })

  it('without an installable version, has no snippet and says how to publish', async () => {
    const t = await webTestApp()
    await t.useCases.registryProviders.create({ organizationName: 'acme', name: 'time', registryName: 'private' }, t.owner.principal)
    const { cookie } = await t.signIn(t.reader.token)
    const page = await (await t.browse(PAGE, { cookie })).text()
    expect(page).toContain('This provider has no versions yet.')
    expect(page).toContain('<code>pnpm cairn providers publish</code>')
    expect(page).not.toContain('id="snippet"')
  })

  it('is not found for those outside the organization and for a provider it does not have; signed-out browsers sign in first', async () => {
    const t = await timeProvider()
    const stranger = await t.signIn(t.stranger.token)
    expect((await t.browse(PAGE, stranger)).status).toBe(404)
    const reader = await t.signIn(t.reader.token)
    expect((await t.browse('/app/acme/providers/acme/nothing', reader)).status).toBe(404)
    expect((await t.browse('/app/other/providers/other/time', reader)).status).toBe(404)
    const signedOut = await t.browse(PAGE)
    expect(signedOut.status).toBe(303)
    expect(signedOut.headers.get('Location')).toBe('/app/sign-in?next=%2Fapp%2Facme%2Fproviders%2Facme%2Ftime')
  })
})

describe("deleting a provider's version from its page", () => {
  it('is offered to owners, asked twice, and leaves the provider with its other versions', async () => {
    const t = await timeProvider()
    const owner = await t.signIn(t.owner.token)
    const page = await (await t.browse(PAGE, owner)).text()
    expect(sectionOf(page, '1.1.0')).toContain(`<form method="post" action="${PAGE}/versions/1.1.0/delete">`)
    const deleted = await t.browse(`${PAGE}/versions/1.1.0/delete`, { cookie: owner.cookie, form: { _csrf: owner.csrf } })
    expect(deleted.status).toBe(303)
    expect(deleted.headers.get('Location')).toBe(PAGE)
    const cookie = `${owner.cookie}; ${deleted.headers.getSetCookie()[0]?.split(';')[0] ?? ''}`
    const after = await (await t.browse(PAGE, { cookie })).text()
    expect(after).toContain('<p class="notice" role="status">Version 1.1.0 was deleted.</p>')
    expect(versionsOf(after)).toEqual(['1.0.0', '0.9.0'])
  })

  it('is neither offered to plain members nor done for them, nor done without the form’s CSRF token', async () => {
    const t = await timeProvider()
    const reader = await t.signIn(t.reader.token)
    expect(await (await t.browse(PAGE, reader)).text()).not.toContain('Delete version')
    expect((await t.browse(`${PAGE}/versions/1.1.0/delete`, { cookie: reader.cookie, form: { _csrf: reader.csrf } })).status).toBe(404)
    const owner = await t.signIn(t.owner.token)
    expect((await t.browse(`${PAGE}/versions/1.1.0/delete`, { cookie: owner.cookie, form: {} })).status).toBe(403)
    expect(versionsOf(await (await t.browse(PAGE, owner)).text())).toEqual(['1.1.0', '1.0.0', '0.9.0'])
  })
})
