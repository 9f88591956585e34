import { describe, expect, it } from 'vitest'
import { json, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { AWS, created, providerBody, PROVIDERS, providerOrganization, versionBody, withAws } from '../test-support/provider-fixtures.ts'
import { errorsOf } from '../test-support/registry-module-app.ts'

const AWS_BODY = providerBody({ name: 'aws', namespace: 'acme', 'registry-name': 'private' })

describe('creating a registry provider', () => {
  it('answers 201 with the provider, its namespace the organization, its links and permissions', async () => {
    const { t, tokens } = await providerOrganization()
    const provider = await created(t, PROVIDERS, tokens.publisher, AWS_BODY)
    expect(provider.id).toMatch(/^prov-/)
    expect(provider.type).toBe('registry-providers')
    expect(provider.attributes).toMatchObject({
      name: 'aws',
      namespace: 'acme',
      'registry-name': 'private',
      permissions: { 'can-delete': true },
    })
    expect(provider.relationships?.['organization']?.data).toEqual({ id: 'acme', type: 'organizations' })
    expect(provider.links?.['self']).toBe(AWS)
  })

  it('an empty registry-name: the two errors go-tfe’s tests expect', async () => {
    const { t, tokens } = await providerOrganization()
    const response = await t.call(
      'POST',
      PROVIDERS,
      tokens.publisher,
      providerBody({ name: 'aws', namespace: 'acme', 'registry-name': '' }),
    )
    expect((await errorsOf(response, 422)).map((error) => `${error.title}\n\n${error.detail ?? ''}`)).toEqual([
      "invalid attribute\n\nRegistry name can't be blank",
      'invalid attribute\n\nRegistry name is not included in the list',
    ])
  })

  it('an unknown registry-name: only "is not included in the list"', async () => {
    const { t, tokens } = await providerOrganization()
    const response = await t.call(
      'POST',
      PROVIDERS,
      tokens.publisher,
      providerBody({ name: 'aws', namespace: 'acme', 'registry-name': 'invalid' }),
    )
    const errors = await errorsOf(response, 422)
    expect(errors.map((error) => error.detail)).toEqual(['Registry name is not included in the list'])
    expect(errors[0]?.source).toEqual({ pointer: '/data/attributes/registry-name' })
  })

  it('a duplicate: 422, the first one kept', async () => {
    const { t, tokens } = await withAws()
    const response = await t.call('POST', PROVIDERS, tokens.publisher, AWS_BODY)
    expect((await errorsOf(response, 422)).length).toBeGreaterThan(0)
    const list = await json<ListDoc>(await t.call('GET', PROVIDERS, tokens.reader))
    expect(list.data).toHaveLength(1)
  })

  it('a member who does not manage the registry cannot create one: 404', async () => {
    const { t, tokens } = await providerOrganization()
    expect((await t.call('POST', PROVIDERS, tokens.reader, AWS_BODY)).status).toBe(404)
    expect((await t.call('POST', PROVIDERS, tokens.outsider, AWS_BODY)).status).toBe(404)
  })
})

describe('reading registry providers', () => {
  it('by address and by id, for any member; can-delete only for those who manage the registry', async () => {
    const { t, tokens } = await withAws()
    const read = await json<SingleDoc>(await t.call('GET', AWS, tokens.reader))
    expect(read.data.attributes).toMatchObject({ name: 'aws', permissions: { 'can-delete': false } })
    const byId = await json<SingleDoc>(await t.call('GET', `/api/v2/registry-providers/${read.data.id}`, tokens.publisher))
    expect(byId.data).toMatchObject({ id: read.data.id, attributes: { name: 'aws', permissions: { 'can-delete': true } } })
  })

  it('404 for a provider that does not exist, an unknown registry name, and a non-member', async () => {
    const { t, tokens } = await withAws()
    expect((await t.call('GET', `${PROVIDERS}/private/acme/nope`, tokens.reader)).status).toBe(404)
    expect((await t.call('GET', `${PROVIDERS}/other/acme/aws`, tokens.reader)).status).toBe(404)
    expect((await t.call('GET', AWS, tokens.outsider)).status).toBe(404)
    const { data } = await json<SingleDoc>(await t.call('GET', AWS, tokens.reader))
    expect((await t.call('GET', `/api/v2/registry-providers/${data.id}`, tokens.outsider)).status).toBe(404)
    expect((await t.call('GET', '/api/v2/registry-providers/prov-nope', tokens.reader)).status).toBe(404)
  })

  it('include=registry-provider-versions puts the versions in included; without it, no versions relationship', async () => {
    const { t, tokens } = await withAws()
    const version = await created(t, `${AWS}/versions`, tokens.publisher, versionBody('1.0.0', 'ABCDEFG'))
    const plain = await json<SingleDoc>(await t.call('GET', AWS, tokens.reader))
    expect(plain.data.relationships?.['registry-provider-versions']).toBeUndefined()
    expect(plain.included).toBeUndefined()
    const withVersions = await json<SingleDoc>(await t.call('GET', `${AWS}?include=registry-provider-versions`, tokens.reader))
    expect(withVersions.data.relationships?.['registry-provider-versions']?.data).toEqual([
      { id: version.id, type: 'registry-provider-versions' },
    ])
    expect(withVersions.included?.map((resource) => [resource.type, resource.id, resource.attributes['version']])).toEqual([
      ['registry-provider-versions', version.id, '1.0.0'],
    ])
    const list = await json<ListDoc>(await t.call('GET', `${PROVIDERS}?include=registry-provider-versions`, tokens.reader))
    expect(list.included?.map((resource) => resource.id)).toEqual([version.id])
    expect((await t.call('GET', `${AWS}?include=nope`, tokens.reader)).status).toBe(400)
  })
})

describe('listing registry providers', () => {
  async function threeProviders() {
    const organization = await withAws()
    for (const name of ['azure', 'google']) {
      await created(
        organization.t,
        PROVIDERS,
        organization.tokens.publisher,
        providerBody({ name, namespace: 'acme', 'registry-name': 'private' }),
      )
    }
    return organization
  }
  const names = (list: ListDoc) => list.data.map((provider) => provider.attributes['name'])

  it('pages with meta.pagination', async () => {
    const { t, tokens } = await threeProviders()
    const page = await json<ListDoc>(await t.call('GET', `${PROVIDERS}?page[number]=2&page[size]=2`, tokens.reader))
    expect(names(page)).toEqual(['google'])
    expect(page.meta.pagination).toMatchObject({ 'current-page': 2, 'total-count': 3, 'total-pages': 2, 'prev-page': 1 })
  })

  it('q, filter[registry_name] and filter[organization_name] narrow it; a bad registry name is a 400', async () => {
    const { t, tokens } = await threeProviders()
    expect(names(await json<ListDoc>(await t.call('GET', `${PROVIDERS}?q=goo`, tokens.reader)))).toEqual(['google'])
    expect(names(await json<ListDoc>(await t.call('GET', `${PROVIDERS}?filter[registry_name]=public`, tokens.reader)))).toEqual([])
    expect(names(await json<ListDoc>(await t.call('GET', `${PROVIDERS}?filter[registry_name]=private`, tokens.reader)))).toHaveLength(3)
    const other = await json<ListDoc>(await t.call('GET', `${PROVIDERS}?filter[organization_name]=other`, tokens.reader))
    expect([names(other), other.meta.pagination['total-count']]).toEqual([[], 0])
    expect((await t.call('GET', `${PROVIDERS}?filter[registry_name]=nope`, tokens.reader)).status).toBe(400)
  })

  it('404 for a non-member', async () => {
    const { t, tokens } = await withAws()
    expect((await t.call('GET', PROVIDERS, tokens.outsider)).status).toBe(404)
  })

  it('an empty list has no pages, as go-tfe expects; its last link is still page 1', async () => {
    const { t, tokens } = await providerOrganization()
    const empty = await json<ListDoc>(await t.call('GET', PROVIDERS, tokens.reader))
    expect(empty.meta.pagination).toMatchObject({ 'total-count': 0, 'total-pages': 0, 'next-page': null, 'prev-page': null })
    expect(empty.links['last']).toContain('page%5Bnumber%5D=1')
  })
})

describe('deleting a registry provider', () => {
  it('204 for those who manage the registry, then it is gone', async () => {
    const { t, tokens } = await withAws()
    expect((await t.call('DELETE', AWS, tokens.reader)).status).toBe(404)
    expect((await t.call('GET', AWS, tokens.reader)).status).toBe(200)
    expect((await t.call('DELETE', AWS, tokens.publisher)).status).toBe(204)
    expect((await t.call('GET', AWS, tokens.reader)).status).toBe(404)
    expect((await t.call('DELETE', AWS, tokens.publisher)).status).toBe(404)
  })
})
