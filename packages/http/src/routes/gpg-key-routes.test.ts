import { describe, expect, it } from 'vitest'
import { json, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { created, GPG_KEYS, providerOrganization } from '../test-support/provider-fixtures.ts'
import { aSigningKey } from '../test-support/provider-signing.ts'
import { errorsOf } from '../test-support/registry-module-app.ts'
import { anOrganizationWith } from '../test-support/seed.ts'

const keyBody = (namespace: string, asciiArmor: string) => ({
  data: { type: 'gpg-keys', attributes: { namespace, 'ascii-armor': asciiArmor } },
})
const moveBody = (namespace: string) => ({ data: { type: 'gpg-keys', attributes: { namespace } } })

/** acme with a key added by its publisher. */
async function withKey() {
  const organization = await providerOrganization()
  const key = await aSigningKey()
  const added = await created(organization.t, GPG_KEYS, organization.tokens.publisher, keyBody('acme', key.asciiArmor))
  return { ...organization, key, added, one: `${GPG_KEYS}/acme/${key.keyId}` }
}

describe('adding a GPG key', () => {
  it('201 with its key id read from the armor, the armor echoed byte for byte, no source or trust signature', async () => {
    const { key, added } = await withKey()
    expect(added.type).toBe('gpg-keys')
    expect(added.id).toMatch(/^\d+$/)
    expect(added.attributes).toMatchObject({
      'ascii-armor': key.asciiArmor,
      'key-id': key.keyId,
      namespace: 'acme',
      source: '',
      'source-url': null,
      'trust-signature': '',
    })
  })

  it('a namespace the caller may not manage: "namespace not authorized", neither 401 nor 404', async () => {
    const { t, tokens, key } = await withKey()
    for (const [token, namespace] of [
      [tokens.reader, 'acme'],
      [tokens.publisher, 'elsewhere'],
    ] as const) {
      const response = await t.call('POST', GPG_KEYS, token, keyBody(namespace, key.asciiArmor))
      expect([401, 404]).not.toContain(response.status)
      expect(JSON.stringify(await response.json())).toContain('namespace not authorized')
    }
  })

  it('422: a duplicate key id in the namespace names key-id; an armor that is no key names ascii-armor', async () => {
    const { t, tokens, key } = await withKey()
    const duplicate = await errorsOf(await t.call('POST', GPG_KEYS, tokens.publisher, keyBody('acme', key.asciiArmor)), 422)
    expect(duplicate.map((error) => error.source?.pointer)).toEqual(['/data/attributes/key-id'])
    const garbage = await errorsOf(await t.call('POST', GPG_KEYS, tokens.publisher, keyBody('acme', 'not a key')), 422)
    expect(garbage.map((error) => error.source?.pointer)).toEqual(['/data/attributes/ascii-armor'])
  })
})

describe('listing GPG keys', () => {
  it('filter[namespace] repeated or as a comma list; unreadable namespaces add nothing', async () => {
    const { t, tokens, key } = await withKey()
    await anOrganizationWith(t.useCases, t.admin.user, 'other')
    const other = await aSigningKey()
    await created(t, GPG_KEYS, t.adminToken, keyBody('other', other.asciiArmor))
    const keyIds = async (query: string, token: string) =>
      (await json<ListDoc>(await t.call('GET', `${GPG_KEYS}?${query}`, token))).data.map((found) => found.attributes['key-id'])
    expect(await keyIds('filter[namespace]=acme', tokens.reader)).toEqual([key.keyId])
    expect(await keyIds('filter[namespace]=acme,other', tokens.reader)).toEqual([key.keyId])
    // admin owns other, and is no member of acme
    expect(await keyIds('filter[namespace]=acme&filter[namespace]=other', t.adminToken)).toEqual([other.keyId])
    expect(await keyIds('filter[namespace]=other&filter[namespace]=acme', tokens.reader)).toEqual([key.keyId])
    expect(await keyIds('filter[namespace]=acme', tokens.outsider)).toEqual([])
  })

  it('400 without filter[namespace]', async () => {
    const { t, tokens } = await withKey()
    const errors = await errorsOf(await t.call('GET', GPG_KEYS, tokens.reader), 400)
    expect(errors[0]?.source).toEqual({ parameter: 'filter[namespace]' })
  })

  it('400 for more than 100 namespaces in one request', async () => {
    const { t, tokens } = await withKey()
    const many = Array.from({ length: 101 }, (_, i) => `org-${i}`).join(',')
    const errors = await errorsOf(await t.call('GET', `${GPG_KEYS}?filter[namespace]=${many}`, tokens.reader), 400)
    expect(errors[0]?.source).toEqual({ parameter: 'filter[namespace]' })
    const hundred = Array.from({ length: 100 }, (_, i) => `org-${i}`).join(',')
    expect((await t.call('GET', `${GPG_KEYS}?filter[namespace]=${hundred}`, tokens.reader)).status).toBe(200)
  })
})

describe('reading, moving and deleting a GPG key', () => {
  it('a member reads it; a non-member and an unknown key id get 404', async () => {
    const { t, tokens, key, one } = await withKey()
    expect((await json<SingleDoc>(await t.call('GET', one, tokens.reader))).data.attributes['key-id']).toBe(key.keyId)
    expect((await t.call('GET', one, tokens.outsider)).status).toBe(404)
    expect((await t.call('GET', `${GPG_KEYS}/acme/13DFECCA3B58CE4A`, tokens.reader)).status).toBe(404)
  })

  it('PATCH moves it to a namespace the caller manages; elsewhere: "namespace not authorized", neither 401 nor 404', async () => {
    const { t, tokens, key, one } = await withKey()
    await anOrganizationWith(t.useCases, t.member.user, 'acme-two')
    const refused = await t.call('PATCH', one, tokens.publisher, moveBody('invalid_namespace'))
    expect([401, 404]).not.toContain(refused.status)
    expect(JSON.stringify(await refused.json())).toContain('namespace not authorized')
    const moved = await json<SingleDoc>(await t.call('PATCH', one, tokens.owner, moveBody('acme-two')))
    expect(moved.data.attributes).toMatchObject({ namespace: 'acme-two', 'key-id': key.keyId })
    expect((await t.call('GET', `${GPG_KEYS}/acme-two/${key.keyId}`, tokens.owner)).status).toBe(200)
  })

  it('delete: 404 for a reader, then 204 for the publisher and it is gone', async () => {
    const { t, tokens, one } = await withKey()
    expect((await t.call('DELETE', one, tokens.reader)).status).toBe(404)
    expect((await t.call('DELETE', one, tokens.publisher)).status).toBe(204)
    expect((await t.call('GET', one, tokens.reader)).status).toBe(404)
  })

  it('needs a token', async () => {
    const { t, one } = await withKey()
    expect((await t.call('GET', one, null)).status).toBe(401)
  })
})
