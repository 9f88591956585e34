import { createUseCases, type Edition } from '@cairn/core'
import { inMemoryDeps } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { createHttpApp } from '../app.ts'

/** The app on a site with no administrator yet, whose clients connect from `address`. */
async function freshSite(options: { address?: string; edition?: Edition } = {}) {
  const { address } = options
  const deps = inMemoryDeps()
  const useCases = createUseCases(deps)
  const iact = (await useCases.initialAdmin.issueToken()) ?? ''
  const app = createHttpApp({
    ...useCases,
    health: deps.health,
    edition: options.edition ?? 'self-hosted',
    log: { error: () => undefined },
    initialAdminToken: iact,
    ...(address !== undefined && { connInfo: () => ({ remote: { address } }) }),
  })
  const createAdmin = (token: string, body: unknown = { username: 'root', email: 'root@example.com', password: 'a long enough password' }) =>
    app.request(`/admin/initial-admin-user?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  return { app, iact, createAdmin }
}

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
    const { app } = await freshSite()
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
