import { describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type SingleDoc } from '../test-support/documents.ts'
import { testApp } from '../test-support/test-app.ts'

const SETTINGS = '/api/v2/admin/general-settings'
const change = (attributes: Record<string, unknown>) => ({ data: { type: 'general-settings', attributes } })
const organization = (name: string) => ({ data: { type: 'organizations', attributes: { name, email: 'ops@x.test' } } })

describe('admin general settings', () => {
  it("GET: a fresh installation's settings, as TFE's", async () => {
    const t = await testApp({ installationDefaults: true })
    for (const path of [SETTINGS, '/admin/general-settings']) {
      const doc = await json<SingleDoc>(await t.call('GET', path, t.adminToken))
      expect(doc.data).toEqual({
        id: 'general',
        type: 'general-settings',
        attributes: {
          'limit-user-organization-creation': true,
          'api-rate-limiting-enabled': true,
          'api-rate-limit': 30,
          'default-remote-state-access': true,
          'apply-timeout': '24h',
          'plan-timeout': '2h',
        },
      })
    }
  })

  it('404 to everyone but site administrators, for reading and changing', async () => {
    const t = await testApp({ installationDefaults: true })
    expect((await t.call('GET', SETTINGS, t.memberToken)).status).toBe(404)
    expect((await t.call('PATCH', SETTINGS, t.memberToken, change({ 'limit-user-organization-creation': false }))).status).toBe(404)
    expect((await t.call('GET', SETTINGS, null)).status).toBe(401)
    expect((await json<SingleDoc>(await t.call('GET', SETTINGS, t.adminToken))).data.attributes['limit-user-organization-creation']).toBe(
      true,
    )
  })

  it('PATCH changes only what it names; null leaves a value as it is', async () => {
    const t = await testApp({ installationDefaults: true })
    const patched = await t.call(
      'PATCH',
      SETTINGS,
      t.adminToken,
      change({ 'api-rate-limit': 50, 'apply-timeout': '2h', 'plan-timeout': null }),
    )
    expect(patched.status).toBe(200)
    const doc = await json<SingleDoc>(await t.call('GET', SETTINGS, t.adminToken))
    expect(doc.data.attributes).toMatchObject({
      'api-rate-limit': 50,
      'apply-timeout': '2h',
      'plan-timeout': '2h',
      'limit-user-organization-creation': true,
    })
  })

  it('PATCH takes a document without a type, as go-tfe sends it, but not one of another type', async () => {
    const t = await testApp({ installationDefaults: true })
    const untyped = { data: { attributes: { 'limit-user-organization-creation': false } } }
    expect((await t.call('PATCH', SETTINGS, t.adminToken, untyped)).status).toBe(200)
    const wrong = { data: { type: 'users', attributes: { 'limit-user-organization-creation': true } } }
    expect((await json<ErrorDoc>(await t.call('PATCH', SETTINGS, t.adminToken, wrong))).errors[0]?.source).toEqual({
      pointer: '/data/type',
    })
    expect((await json<SingleDoc>(await t.call('GET', SETTINGS, t.adminToken))).data.attributes['limit-user-organization-creation']).toBe(
      false,
    )
  })

  it('422 naming each bad attribute; nothing changes', async () => {
    const t = await testApp({ installationDefaults: true })
    const typed = await json<ErrorDoc>(
      await t.call('PATCH', SETTINGS, t.adminToken, change({ 'api-rate-limit': '50', 'limit-user-organization-creation': 'no' })),
    )
    expect(typed.errors.map((error) => error.source?.pointer).sort()).toEqual([
      '/data/attributes/api-rate-limit',
      '/data/attributes/limit-user-organization-creation',
    ])
    const ranged = await json<ErrorDoc>(
      await t.call('PATCH', SETTINGS, t.adminToken, change({ 'api-rate-limit': 0, 'plan-timeout': 'soon' })),
    )
    expect(ranged.errors.map((error) => [error.status, error.source?.pointer])).toEqual([
      ['422', '/data/attributes/api-rate-limit'],
      ['422', '/data/attributes/plan-timeout'],
    ])
    expect((await json<SingleDoc>(await t.call('GET', SETTINGS, t.adminToken))).data.attributes['api-rate-limit']).toBe(30)
  })

  it('422 for an api-rate-limit beyond what a 32-bit integer holds, naming the attribute and its maximum', async () => {
    const t = await testApp({ installationDefaults: true })
    const refused = await json<ErrorDoc>(await t.call('PATCH', SETTINGS, t.adminToken, change({ 'api-rate-limit': 2_147_483_648 })))
    expect(refused.errors).toEqual([
      {
        status: '422',
        title: 'invalid attribute',
        detail: 'api-rate-limit must be at most 2147483647',
        source: { pointer: '/data/attributes/api-rate-limit' },
      },
    ])
    expect((await t.call('PATCH', SETTINGS, t.adminToken, change({ 'api-rate-limit': 2_147_483_647 }))).status).toBe(200)
  })

  it('limit-user-organization-creation: on, only site administrators create organizations (403 for others); off, anyone', async () => {
    const t = await testApp({ installationDefaults: true })
    const refused = await t.call('POST', '/api/v2/organizations', t.memberToken, organization('mine'))
    expect(refused.status).toBe(403)
    expect((await json<ErrorDoc>(refused)).errors[0]?.detail).toContain('site administrators')
    expect((await t.call('GET', '/api/v2/organizations/mine', t.adminToken)).status).toBe(404)
    expect((await t.call('POST', '/api/v2/organizations', t.adminToken, organization('theirs'))).status).toBe(201)
    await t.call('PATCH', SETTINGS, t.adminToken, change({ 'limit-user-organization-creation': false }))
    expect((await t.call('POST', '/api/v2/organizations', t.memberToken, organization('mine'))).status).toBe(201)
  })
})
