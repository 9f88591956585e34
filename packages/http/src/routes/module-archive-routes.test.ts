import { DOWNLOAD_LINK_LIFETIME_MS, DOWNLOAD_LINK_REUSE_MS } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { moduleOrganization, publish } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const DOWNLOAD = '/api/registry/v1/modules/acme/vpc/aws/1.0.0/download'

/** An app with `acme/vpc/aws` 1.0.0 published, and the archive link a download answer gives. */
async function published(options: { baseUrl?: URL } = {}) {
  const t = await testApp(options)
  const tokens = await moduleOrganization(t)
  await publish(t, tokens.publisher, { name: 'vpc', provider: 'aws', version: '1.0.0', content: 'good archive' })
  const link = await archiveLink(t, tokens.reader)
  return { t, tokens, link }
}

async function archiveLink(t: TestApp, token: string): Promise<string> {
  const response = await t.app.request(DOWNLOAD, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.status).toBe(204)
  return response.headers.get('X-Terraform-Get') ?? ''
}

/** Follows a link as go-getter does: no credentials. */
function fetchLink(t: TestApp, link: string, method = 'GET'): Promise<Response> {
  const { pathname } = new URL(link)
  return Promise.resolve(t.app.request(pathname, { method }))
}

describe('signed archive links (reference §6.1 step 5)', () => {
  it('HEAD then GET, without credentials: the HEAD consumes nothing and the GET streams the archive', async () => {
    const { t, link } = await published()
    const head = await fetchLink(t, link, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const get = await fetchLink(t, link)
    expect(get.status).toBe(200)
    expect(get.headers.get('Content-Type')).toBe('application/gzip')
    expect(await get.text()).toBe('good archive')
    expect(await (await fetchLink(t, link)).text()).toBe('good archive')
  })

  it('404 for a forged or altered link, in the protocol error shape', async () => {
    const { t, link } = await published()
    const forged = await t.app.request('/api/registry/v1/archives/forged/module.tar.gz')
    expect(forged.status).toBe(404)
    expect(await forged.json()).toEqual({ errors: ['archive not found'] })
    const altered = link.replace('module-download', 'module-upload')
    expect(altered).not.toBe(link)
    expect((await fetchLink(t, altered)).status).toBe(404)
    expect((await fetchLink(t, altered, 'HEAD')).status).toBe(404)
  })

  it('404 once the link has expired: the lifetime and the reuse time after it was made', async () => {
    const { t, link } = await published()
    t.deps.clock.advance(DOWNLOAD_LINK_LIFETIME_MS - 1)
    expect((await fetchLink(t, link)).status).toBe(200)
    t.deps.clock.advance(DOWNLOAD_LINK_REUSE_MS + 1)
    expect((await fetchLink(t, link)).status).toBe(404)
    expect((await fetchLink(t, link, 'HEAD')).status).toBe(404)
  })

  it('404 once the version is deleted', async () => {
    const { t, link, tokens } = await published()
    const removed = await t.call('DELETE', '/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws/1.0.0', tokens.owner)
    expect(removed.status).toBe(204)
    expect((await fetchLink(t, link)).status).toBe(404)
  })

  it('links are on CAIRN_BASE_URL when set, else on the request origin', async () => {
    const { link } = await published({ baseUrl: new URL('https://registry.example.com/') })
    expect(link).toMatch(/^https:\/\/registry\.example\.com\/api\/registry\/v1\/archives\/[^/]+\/module\.tar\.gz$/)
    const { t, tokens } = await published()
    const response = await t.app.request(`https://cairn.internal:8443${DOWNLOAD}`, {
      headers: { Authorization: `Bearer ${tokens.reader}` },
    })
    expect(response.headers.get('X-Terraform-Get')).toMatch(/^https:\/\/cairn\.internal:8443\/api\/registry\/v1\/archives\//)
  })
})
