import { describe, expect, it } from 'vitest'
import { cookieOf, ORIGIN, webTestApp, type WebTestApp } from '../test-support/web-test-app.ts'
import { MODULE_STATUS_WORDS, VERSION_STATUS_WORDS } from '../views/status-words.ts'

/** A status as the API spells it, anywhere in a page. */
const RAW_STATUS = new RegExp(`\\b(${[...Object.keys(VERSION_STATUS_WORDS), ...Object.keys(MODULE_STATUS_WORDS)].join('|')})\\b`)
const JSON_FORM = { Accept: 'application/json' }

/** acme's vpc/aws with 1.0.0 ready and 1.1.0 failed, and the owner signed in. */
async function withFailedVersion() {
  const t = await webTestApp()
  await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.0.0', archive: '1.0.0\n# one' })
  await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.1.0', archive: 'bad archive' })
  return { t, owner: await t.signIn(t.owner.token) }
}

/** The version as the API shows it to `token`: its status, or the HTTP status when there is none. */
async function apiVersion(t: WebTestApp, version: string, token = t.owner.token): Promise<string | number> {
  const path = `/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws/version?module_version=${version}`
  const answer = await t.app.request(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  if (answer.status !== 200) return answer.status
  return ((await answer.json()) as { data: { attributes: { status: string } } }).data.attributes.status
}

describe('recovering from a failed version in the web page', () => {
  it('an owner deletes a failed version through its confirmation; the module page says so once', async () => {
    const { t, owner } = await withFailedVersion()
    const page = await (await t.browse('/app/acme/vpc/aws?version=1.1.0', owner)).text()
    expect(page).toContain('<summary>Delete version 1.1.0</summary>')
    expect(page).toContain('action="/app/acme/vpc/aws/versions/1.1.0/delete"')
    expect(page).toContain('Yes, delete version 1.1.0')

    const deleted = await t.browse('/app/acme/vpc/aws/versions/1.1.0/delete', { cookie: owner.cookie, form: { _csrf: owner.csrf } })
    expect(deleted.status).toBe(303)
    expect(deleted.headers.get('Location')).toBe('/app/acme/vpc/aws')
    expect(await apiVersion(t, '1.1.0')).toBe(404)
    expect(await apiVersion(t, '1.0.0')).toBe('ok')
    const cookie = `${owner.cookie}; ${cookieOf(deleted, 'cairn_flash')}`
    const after = await t.browse('/app/acme/vpc/aws', { cookie })
    expect(await after.text()).toContain('<p class="notice" role="status">Version 1.1.0 was deleted.</p>')
    expect(after.headers.getSetCookie().some((c) => c.startsWith('cairn_flash=;'))).toBe(true)
  })

  it('deleting the only version deletes the module too (spec §3): the organization page says so', async () => {
    const t = await webTestApp()
    await t.publish(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.0.0', archive: 'bad archive' })
    const owner = await t.signIn(t.owner.token)
    expect(await (await t.browse('/app/acme/vpc/aws', owner)).text()).toContain(
      'It is the only version of this module, so the module is deleted with it.',
    )
    const deleted = await t.browse('/app/acme/vpc/aws/versions/1.0.0/delete', { cookie: owner.cookie, form: { _csrf: owner.csrf } })
    expect(deleted.headers.get('Location')).toBe('/app/acme')
    const list = await (await t.browse('/app/acme', { cookie: `${owner.cookie}; ${cookieOf(deleted, 'cairn_flash')}` })).text()
    expect(list).toContain('Version 1.0.0 was deleted, and with it the module vpc/aws: it was the module&#39;s only version.')
    expect((await t.browse('/app/acme/vpc/aws', owner)).status).toBe(404)
  })

  it('a delete is refused without the CSRF token, and as by the API to those who may not delete; nobody but owners sees the button', async () => {
    const { t, owner } = await withFailedVersion()
    expect((await t.browse('/app/acme/vpc/aws/versions/1.1.0/delete', { cookie: owner.cookie, form: {} })).status).toBe(403)
    for (const token of [t.reader.token, t.stranger.token]) {
      const other = await t.signIn(token)
      expect(
        (await t.browse('/app/acme/vpc/aws/versions/1.1.0/delete', { cookie: other.cookie, form: { _csrf: other.csrf } })).status,
      ).toBe(404)
    }
    const reader = await t.signIn(t.reader.token)
    expect(await (await t.browse('/app/acme/vpc/aws', reader)).text()).not.toContain('Delete version')
    expect(await apiVersion(t, '1.1.0')).toBe('reg_ingress_failed')
  })

  it("a notice planted in the flash cookie says nothing of its own: only a version's number fits", async () => {
    const { t, owner } = await withFailedVersion()
    for (const planted of ['kind=version-deleted&version=Go+to+evil.example+now', 'kind=hacked&version=1.0.0', 'version=1.0.0', '%%']) {
      const page = await (
        await t.browse('/app/acme/vpc/aws', { cookie: `${owner.cookie}; cairn_flash=${encodeURIComponent(planted)}` })
      ).text()
      expect(page, planted).not.toContain('class="notice"')
    }
  })

  it("the upload form takes a failed version's number again: its new archive settles it Ready", async () => {
    const { t, owner } = await withFailedVersion()
    const page = await (await t.browse('/app/acme/vpc/aws?version=1.1.0', owner)).text()
    expect(page).toContain('name="version" value="1.1.0"')
    const again = await t.browse('/app/acme/vpc/aws/versions', {
      cookie: owner.cookie,
      form: { _csrf: owner.csrf, version: '1.1.0' },
      headers: JSON_FORM,
    })
    expect(again.status).toBe(200)
    const { uploadUrl, statusUrl, again: isAgain } = (await again.json()) as { uploadUrl: string; statusUrl: string; again: boolean }
    expect(isAgain).toBe(true)
    expect((await t.app.request(uploadUrl, { method: 'PUT', body: '1.1.0\n# fixed' })).status).toBe(200)
    await expect.poll(async () => (await (await t.browse(statusUrl, owner)).json()) as unknown).toEqual({ tone: 'ready', text: 'Ready' })
    const ready = await (await t.browse('/app/acme/vpc/aws?version=1.1.0', owner)).text()
    expect(ready).toContain('<dt>Status</dt><dd class="">Ready</dd>')
    expect(ready).toContain('<dt>Published</dt>')
    expect(ready).toContain('1.1.0_only')
    expect(await apiVersion(t, '1.1.0')).toBe('ok')
  })

  it('a version that has not failed is not taken again, and a reader may not upload to a failed one', async () => {
    const { t, owner } = await withFailedVersion()
    const ready = await t.browse('/app/acme/vpc/aws/versions', {
      cookie: owner.cookie,
      form: { _csrf: owner.csrf, version: '1.0.0' },
      headers: JSON_FORM,
    })
    expect(ready.status).toBe(422)
    expect(await ready.json()).toMatchObject({ fields: [{ field: 'version', message: 'has already been taken' }] })
    const reader = await t.signIn(t.reader.token)
    const refused = await t.browse('/app/acme/vpc/aws/versions', {
      cookie: reader.cookie,
      form: { _csrf: reader.csrf, version: '1.1.0' },
      headers: JSON_FORM,
    })
    expect(refused.status).toBe(404)
    expect(await apiVersion(t, '1.1.0')).toBe('reg_ingress_failed')
  })

  it('a version whose archive never arrived offers, at once, its upload and (to owners) its deletion: the API takes either', async () => {
    const { t, owner } = await withFailedVersion()
    const address = { registryName: 'private', namespace: 'acme', name: 'vpc', provider: 'aws' } as const
    await t.useCases.moduleVersions.create({ organizationName: 'acme', address, version: '1.2.0' }, t.owner.principal)
    const page = await (await t.browse('/app/acme/vpc/aws?version=1.2.0', owner)).text()
    expect(page).toContain('<p class="" role="status">Waiting for an archive: none has arrived yet.</p>')
    expect(page).toContain('If it is not on its way, upload its archive below, or delete it.')
    expect(page).toContain('<summary>Delete version 1.2.0</summary>')
    expect(page).toContain('name="version" value="1.2.0"')
    const again = await t.browse('/app/acme/vpc/aws/versions', {
      cookie: owner.cookie,
      form: { _csrf: owner.csrf, version: '1.2.0' },
      headers: JSON_FORM,
    })
    expect(again.status).toBe(200)
    const { uploadUrl, statusUrl } = (await again.json()) as { uploadUrl: string; statusUrl: string }
    expect((await t.app.request(uploadUrl, { method: 'PUT', body: '1.2.0\n# late' })).status).toBe(200)
    await expect.poll(async () => (await (await t.browse(statusUrl, owner)).json()) as unknown).toEqual({ tone: 'ready', text: 'Ready' })
    const reader = await t.signIn(t.reader.token)
    expect((await t.browse('/app/acme/vpc/aws?version=1.1.0', reader)).status).toBe(404)
  })

  it('no page shows a status as the API spells it: a module waiting for its first version, and versions ready, failed, processing and waiting for an archive', async () => {
    const { t, owner } = await withFailedVersion()
    const address = { registryName: 'private', namespace: 'acme', name: 'vpc', provider: 'aws' } as const
    for (const version of ['1.2.0', '1.3.0'])
      await t.useCases.moduleVersions.create({ organizationName: 'acme', address, version }, t.owner.principal)
    t.hold()
    await t.uploadAgain(t.owner.principal, { name: 'vpc', provider: 'aws', version: '1.3.0', archive: '1.3.0' })
    await t.useCases.registryModules.create({ organizationName: 'acme', name: 'dns', provider: 'aws' }, t.owner.principal)
    const pages = new Map<string, string>()
    for (const path of [
      '/app/acme',
      '/app/acme/vpc/aws',
      '/app/acme/vpc/aws?version=1.1.0',
      '/app/acme/vpc/aws?version=1.2.0',
      '/app/acme/vpc/aws?version=1.3.0',
      '/app/acme/dns/aws',
    ]) {
      const page = await (await t.browse(path, owner)).text()
      expect(page, path).not.toMatch(RAW_STATUS)
      pages.set(path, page)
    }
    expect(pages.get('/app/acme')).toContain('Waiting for a first version')
    expect(pages.get('/app/acme/dns/aws')).toContain('Module status: Waiting for a first version')
    expect(pages.get('/app/acme/vpc/aws')).toContain('Module status: Ready')
    expect(pages.get('/app/acme/vpc/aws')).toContain('1.2.0 (Waiting for an archive)')
    expect(pages.get('/app/acme/vpc/aws')).toContain('1.3.0 (Processing)')
    const processing = pages.get('/app/acme/vpc/aws?version=1.3.0') ?? ''
    expect(processing).toContain('<dt>Status</dt><dd class="">Processing</dd>')
    expect(processing).not.toContain('Published')
    expect(processing).not.toContain('Delete version')
  })
})
