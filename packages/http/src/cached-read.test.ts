import { OPERATOR, type Repositories, type UnitOfWork } from '@cairn/core'
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { JSON_API } from './jsonapi/media-type.ts'
import { json, type ListDoc, type SingleDoc } from './test-support/documents.ts'
import { testApp, type TestApp } from './test-support/test-app.ts'

const TOOL_VERSIONS = '/api/v2/admin/tool-versions'
const toolVersion = (version: string) => ({
  data: { type: 'tool-versions', attributes: { version, url: `https://releases.example.com/tofu_${version}.zip`, sha: 'c'.repeat(64) } },
})
const organization = (name: string) => ({ data: { type: 'organizations', attributes: { name, email: `ops@${name}.test` } } })

/** The cookie a response sets, as a browser would send it back. */
function sessionCookie(response: Response): { cookie: string } {
  return { cookie: (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '' }
}

describe('cached reads: the answers of authenticated GETs, until the next write', () => {
  let t: TestApp
  /** How often the store was read (authentication included) since the last `reset`. */
  let reads: MockInstance<UnitOfWork['read']>

  const versionsIn = async (response: Response) => (await json<ListDoc>(response)).data.map((item) => item.attributes['version'])

  beforeEach(async () => {
    t = await testApp()
    for (const version of ['1.7.0', '1.8.0', '1.9.0'])
      expect((await t.call('POST', TOOL_VERSIONS, t.adminToken, toolVersion(version))).status).toBe(201)
    reads = vi.spyOn(t.deps.unitOfWork, 'read')
  })

  it('answers the same GET again without reading the store, with the same status, headers and body', async () => {
    const first = await t.call('GET', TOOL_VERSIONS, t.adminToken)
    const firstBody = await first.text()
    expect(reads).toHaveBeenCalled()
    reads.mockClear()

    const second = await t.call('GET', TOOL_VERSIONS, t.adminToken)
    expect(reads).not.toHaveBeenCalled()
    expect(second.status).toBe(200)
    expect(second.headers.get('Content-Type')).toBe(JSON_API)
    expect(second.headers.get('X-Request-Id')).toMatch(/./)
    expect(second.headers.get('X-Request-Id')).not.toBe(first.headers.get('X-Request-Id'))
    expect(await second.text()).toBe(firstBody)
  })

  it('shows a version created, changed or deleted through the API on the very next GET', async () => {
    expect(await versionsIn(await t.call('GET', TOOL_VERSIONS, t.adminToken))).toEqual(['1.7.0', '1.8.0', '1.9.0'])
    const created = await json<SingleDoc>(await t.call('POST', TOOL_VERSIONS, t.adminToken, toolVersion('1.10.0')))
    expect(await versionsIn(await t.call('GET', TOOL_VERSIONS, t.adminToken))).toContain('1.10.0')

    const renamed = { data: { type: 'tool-versions', attributes: { version: '1.10.1' } } }
    expect((await t.call('PATCH', `${TOOL_VERSIONS}/${created.data.id}`, t.adminToken, renamed)).status).toBe(200)
    const shown = await json<SingleDoc>(await t.call('GET', `${TOOL_VERSIONS}/${created.data.id}`, t.adminToken))
    expect(shown.data.attributes['version']).toBe('1.10.1')

    expect((await t.call('DELETE', `${TOOL_VERSIONS}/${created.data.id}`, t.adminToken)).status).toBe(204)
    expect(await versionsIn(await t.call('GET', TOOL_VERSIONS, t.adminToken))).toEqual(['1.7.0', '1.8.0', '1.9.0'])
    expect((await t.call('GET', `${TOOL_VERSIONS}/${created.data.id}`, t.adminToken)).status).toBe(404)
  })

  it('keeps each page and filter apart: the query is part of what is asked', async () => {
    const page = (query: string) => t.call('GET', `${TOOL_VERSIONS}?${query}`, t.adminToken).then(versionsIn)
    expect(await page('page[size]=1&page[number]=1')).toEqual(['1.7.0'])
    expect(await page('page[size]=1&page[number]=2')).toEqual(['1.8.0'])
    expect(await page('filter[version]=1.9.0')).toEqual(['1.9.0'])
    expect(await page('page[size]=1&page[number]=1')).toEqual(['1.7.0'])
  })

  it('does not keep an error: asking again reads the store again', async () => {
    expect((await t.call('GET', `${TOOL_VERSIONS}/tool-nope`, t.adminToken)).status).toBe(404)
    reads.mockClear()
    expect((await t.call('GET', `${TOOL_VERSIONS}/tool-nope`, t.adminToken)).status).toBe(404)
    expect(reads).toHaveBeenCalled()
  })

  it('a non-administrator still gets 404 from an admin route an administrator’s answer is kept for', async () => {
    expect((await t.call('GET', TOOL_VERSIONS, t.adminToken)).status).toBe(200)
    expect((await t.call('GET', TOOL_VERSIONS, t.memberToken)).status).toBe(404)
  })

  it('refuses a revoked token on the very next GET', async () => {
    const tokens = await json<ListDoc>(await t.call('GET', `/api/v2/users/${t.admin.user.id}/authentication-tokens`, t.adminToken))
    expect((await t.call('GET', TOOL_VERSIONS, t.adminToken)).status).toBe(200)
    expect((await t.call('DELETE', `/api/v2/authentication-tokens/${tokens.data[0]?.id ?? ''}`, t.adminToken)).status).toBe(204)
    expect((await t.call('GET', TOOL_VERSIONS, t.adminToken)).status).toBe(401)
  })

  it('gives someone without access to an organization nothing of its owner’s kept answer, until they join', async () => {
    const bob = await t.signUp('bob')
    expect((await t.call('POST', '/api/v2/organizations', t.memberToken, organization('acme'))).status).toBe(201)
    expect((await t.call('GET', '/api/v2/organizations/acme', t.memberToken)).status).toBe(200)
    expect((await t.call('GET', '/api/v2/organizations/acme/registry-modules', t.memberToken)).status).toBe(200)
    expect((await t.call('GET', '/api/v2/organizations/acme', bob.token)).status).toBe(404)
    expect((await t.call('GET', '/api/v2/organizations/acme/registry-modules', bob.token)).status).toBe(404)

    const invitation = { data: { type: 'organization-memberships', attributes: { email: 'bob@example.com' } } }
    const invited = await json<SingleDoc>(
      await t.call('POST', '/api/v2/organizations/acme/organization-memberships', t.memberToken, invitation),
    )
    expect((await t.call('GET', '/api/v2/organizations/acme', bob.token)).status).toBe(404)
    expect((await t.call('POST', `/api/v2/organization-memberships/${invited.data.id}/actions/accept`, bob.token)).status).toBe(200)
    expect((await t.call('GET', '/api/v2/organizations/acme', bob.token)).status).toBe(200)
  })

  it('answers an impersonation session as the user impersonated, never with the administrator’s answers', async () => {
    const adminPath = `/api/v2/users/${t.admin.user.id}`
    expect((await t.call('GET', adminPath, t.adminToken)).status).toBe(200)
    const started = await t.call('POST', `/api/v2/admin/users/${t.member.user.id}/actions/impersonate`, t.adminToken, { reason: 'support' })
    expect(started.status).toBe(204)
    const session = sessionCookie(started)
    expect((await t.call('GET', adminPath, t.adminToken)).status).toBe(200)
    expect((await t.call('GET', adminPath, session)).status).toBe(404)
    expect((await t.call('GET', `/api/v2/users/${t.member.user.id}`, session)).status).toBe(200)
  })

  it('does not keep an answer whose principal was found before a write that demoted it', async () => {
    const memberPath = `/api/v2/users/${t.member.user.id}`
    const read = t.deps.unitOfWork.read.bind(t.deps.unitOfWork)
    // The first read of the request is the token's: the administrator is demoted right after it.
    reads.mockImplementationOnce(async <T>(work: (repositories: Repositories) => Promise<T>) => {
      const found = await read(work)
      await t.useCases.adminUsers.act({ userId: t.admin.user.id, action: 'revoke_admin' }, OPERATOR)
      return found
    })
    expect((await t.call('GET', memberPath, t.adminToken)).status).toBe(200)
    expect((await t.call('GET', memberPath, t.adminToken)).status).toBe(404)
  })
})
