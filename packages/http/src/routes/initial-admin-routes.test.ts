import { createUseCases, type Edition } from '@cairn/core'
import { InMemoryExpiringCache } from '@cairn/memory'
import { inMemoryDeps } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { createHttpApp } from '../app.ts'

type SiteOptions = {
  /** The client's socket address (loopback by default); null when the host tells none. */
  address?: string | null
  edition?: Edition
  isTrustedProxy?: (address: string) => boolean
  initialAdminClients?: (address: string) => boolean
}

/** The app on a site with no administrator yet, whose clients connect from `address`. */
async function freshSite(options: SiteOptions = {}) {
  const { address = '127.0.0.1', isTrustedProxy, initialAdminClients } = options
  const deps = inMemoryDeps()
  const useCases = createUseCases(deps)
  const iact = (await useCases.initialAdmin.issueToken()) ?? ''
  const app = createHttpApp({
    ...useCases,
    health: deps.health,
    edition: options.edition ?? 'self-hosted',
    answerCache: new InMemoryExpiringCache(),
    log: { error: () => undefined },
    initialAdminToken: iact,
    ...(address !== null && { connInfo: () => ({ remote: { address } }) }),
    ...(isTrustedProxy !== undefined && { isTrustedProxy }),
    ...(initialAdminClients !== undefined && { initialAdminClients }),
  })
  const createAdmin = (
    token: string,
    body: unknown = { username: 'root', email: 'root@example.com', password: 'a long enough password' },
    headers: Record<string, string> = {},
  ) =>
    app.request(`/admin/initial-admin-user?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  return { app, iact, createAdmin, clock: deps.clock }
}

const inTenEight = (address: string) => address.startsWith('10.')

describe('GET /admin/retrieve-iact', () => {
  it('answers the token as text/plain to a loopback client, IPv4 or IPv6', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const { app, iact } = await freshSite({ address })
      const response = await app.request('/admin/retrieve-iact')
      expect(response.status, address).toBe(200)
      expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/)
      expect(await response.text()).toBe(iact)
    }
  })

  it('is 404 to any other address, whatever X-Forwarded-For claims', async () => {
    for (const address of ['10.0.0.5', '192.168.1.20', '2001:db8::1', '::ffff:10.0.0.5']) {
      const { app, iact } = await freshSite({ address })
      const response = await app.request('/admin/retrieve-iact', { headers: { 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '127.0.0.1' } })
      expect(response.status, address).toBe(404)
      expect(await response.text()).not.toContain(iact)
    }
  })

  it('is 404 when the client address is unknown', async () => {
    const { app } = await freshSite({ address: null })
    expect((await app.request('/admin/retrieve-iact')).status).toBe(404)
  })

  it('is 404 to a request a proxy on this machine forwarded, unless the proxy is trusted and its client allowed', async () => {
    const { app } = await freshSite()
    for (const [name, value] of [
      ['X-Forwarded-For', '203.0.113.9'],
      ['Forwarded', 'for=203.0.113.9'],
      ['X-Real-IP', '203.0.113.9'],
    ] as const) {
      expect((await app.request('/admin/retrieve-iact', { headers: { [name]: value } })).status, name).toBe(404)
    }
    const behindProxy = await freshSite({ isTrustedProxy: (address) => address === '127.0.0.1', initialAdminClients: inTenEight })
    const forwarded = (chain: string) => behindProxy.app.request('/admin/retrieve-iact', { headers: { 'X-Forwarded-For': chain } })
    expect((await forwarded('203.0.113.9')).status).toBe(404)
    // The left entry is the client's own claim; the proxy appended the address it heard from.
    expect((await forwarded('10.1.2.3, 203.0.113.9')).status).toBe(404)
    const allowed = await forwarded('203.0.113.9, 10.1.2.3')
    expect(allowed.status).toBe(200)
    expect(await allowed.text()).toBe(behindProxy.iact)
  })

  it('reads an X-Forwarded-For entry with the port some proxies add as its address', async () => {
    const allowed = new Set(['10.1.2.3', '2001:db8::5'])
    const { app, iact } = await freshSite({
      isTrustedProxy: (address) => address === '127.0.0.1',
      initialAdminClients: (address) => allowed.has(address),
    })
    for (const hop of ['10.1.2.3:51234', '[2001:db8::5]:443', '[2001:db8::5]']) {
      const response = await app.request('/admin/retrieve-iact', { headers: { 'X-Forwarded-For': `203.0.113.9, ${hop}` } })
      expect(await response.text(), hop).toBe(iact)
    }
  })

  it('is 404 to a request a trusted proxy forwarded naming its client only in Forwarded or X-Real-IP', async () => {
    // The proxy's own (loopback) address is not its client's: without X-Forwarded-For, the client is unknown.
    const { app, iact } = await freshSite({ isTrustedProxy: (address) => address === '127.0.0.1' })
    for (const [name, value] of [
      ['Forwarded', 'for=203.0.113.9'],
      ['X-Real-IP', '203.0.113.9'],
    ] as const) {
      expect((await app.request('/admin/retrieve-iact', { headers: { [name]: value } })).status, name).toBe(404)
    }
    // A request made on this machine, forwarded by no one, still gets the token.
    expect(await (await app.request('/admin/retrieve-iact')).text()).toBe(iact)
  })

  it('answers the addresses of the configured IACT subnets', async () => {
    const { app, iact } = await freshSite({ address: '10.0.0.5', initialAdminClients: inTenEight })
    expect(await (await app.request('/admin/retrieve-iact')).text()).toBe(iact)
    const outside = await freshSite({ address: '192.168.1.20', initialAdminClients: inTenEight })
    expect((await outside.app.request('/admin/retrieve-iact')).status).toBe(404)
  })

  it('is 404 once the token has expired, 60 minutes after it was issued', async () => {
    const { app, clock } = await freshSite()
    clock.advance(60 * 60 * 1000)
    expect((await app.request('/admin/retrieve-iact')).status).toBe(404)
  })

  it('is 404 once a site administrator exists', async () => {
    const { app, iact, createAdmin } = await freshSite({ address: '127.0.0.1' })
    expect((await createAdmin(iact)).status).toBe(200)
    expect((await app.request('/admin/retrieve-iact')).status).toBe(404)
  })

  it('does not exist outside the self-hosted edition', async () => {
    const { app } = await freshSite({ address: '127.0.0.1', edition: 'hosted' })
    expect((await app.request('/admin/retrieve-iact')).status).toBe(404)
  })
})

describe('POST /admin/initial-admin-user', () => {
  it('creates the first site administrator and answers its API token, which works', async () => {
    const { app, iact, createAdmin } = await freshSite()
    const response = await createAdmin(iact)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { status: string; token: string }
    expect(body).toEqual({ status: 'created', token: expect.any(String) })
    const users = await app.request('/api/v2/admin/users', { headers: { Authorization: `Bearer ${body.token}` } })
    expect(users.status).toBe(200)
    expect(await users.json()).toMatchObject({ data: [{ attributes: { username: 'root', 'is-admin': true } }] })
  })

  it('is 404 to a client outside the IACT subnets, or forwarded by an untrusted proxy, even with the token', async () => {
    const { iact, createAdmin } = await freshSite({ address: '192.168.1.20' })
    expect((await createAdmin(iact)).status).toBe(404)
    const local = await freshSite()
    expect((await local.createAdmin(local.iact, undefined, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(404)
    expect((await local.createAdmin(local.iact)).status).toBe(200)
  })

  it('is 404 with an expired token', async () => {
    const { iact, createAdmin, clock } = await freshSite()
    clock.advance(60 * 60 * 1000)
    expect((await createAdmin(iact)).status).toBe(404)
  })

  it('is 404 for a wrong or missing token, creating nobody', async () => {
    const { iact, createAdmin } = await freshSite()
    expect((await createAdmin('not-the-token')).status).toBe(404)
    expect((await createAdmin('')).status).toBe(404)
    expect((await createAdmin(iact)).status).toBe(200)
  })

  it('is 404 for a second call once an administrator exists, even with the same token', async () => {
    const { iact, createAdmin } = await freshSite()
    expect((await createAdmin(iact)).status).toBe(200)
    const again = await createAdmin(iact, { username: 'second', email: 'second@example.com', password: 'another long password' })
    expect(again.status).toBe(404)
  })

  it('is 422 naming each bad field, and the token stays usable', async () => {
    const { iact, createAdmin } = await freshSite()
    const response = await createAdmin(iact, { username: 'no spaces', email: 42, password: 'short' })
    expect(response.status).toBe(422)
    const { errors } = (await response.json()) as { errors: { source: { pointer: string } }[] }
    expect(errors.map((error) => error.source.pointer)).toEqual(['/username', '/email', '/password'])
    expect((await createAdmin(iact, '{not json')).status).toBe(422)
    expect((await createAdmin(iact)).status).toBe(200)
  })
})
