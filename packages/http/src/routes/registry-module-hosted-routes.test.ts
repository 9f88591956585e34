import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { moduleBody, moduleOrganization, versionBody } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const BASE = '/api/v2/organizations/acme/registry-modules'

describe('registry modules in the hosted edition', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>

  beforeEach(async () => {
    t = await testApp({ edition: 'hosted' })
    tokens = await moduleOrganization(t)
  })

  it('201: a public module is a curated record with a namespace of its own, listed beside private ones', async () => {
    const response = await t.call(
      'POST',
      BASE,
      tokens.publisher,
      moduleBody({ name: 'vpc', provider: 'aws', namespace: 'terraform-aws-modules', 'registry-name': 'public' }),
    )
    expect(response.status).toBe(201)
    expect((await json<SingleDoc>(response)).data.attributes).toMatchObject({
      namespace: 'terraform-aws-modules',
      'registry-name': 'public',
      status: 'setup_complete',
    })
    const listed = await json<ListDoc>(await t.call('GET', `${BASE}?filter[registry_name]=public`, tokens.reader))
    expect(listed.data).toHaveLength(1)
    expect((await t.call('GET', `${BASE}/public/terraform-aws-modules/vpc/aws`, tokens.reader)).status).toBe(200)
  })

  it('204: the deprecated delete by name finds public records; private providers of that name go first', async () => {
    await t.call('POST', BASE, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws', namespace: 'hc', 'registry-name': 'public' }))
    await t.call('POST', BASE, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws' }))
    await t.call(
      'POST',
      BASE,
      tokens.publisher,
      moduleBody({ name: 'vpc-extra', provider: 'aws', namespace: 'hc', 'registry-name': 'public' }),
    )
    const names = async () =>
      (await json<ListDoc>(await t.call('GET', BASE, tokens.reader))).data.map(
        (m) => `${String(m.attributes['registry-name'])}/${String(m.attributes['name'])}`,
      )
    expect((await t.call('POST', '/api/v2/registry-modules/actions/delete/acme/vpc', tokens.owner)).status).toBe(204)
    expect(await names()).toEqual(['public/vpc', 'public/vpc-extra'])
    expect((await t.call('POST', '/api/v2/registry-modules/actions/delete/acme/vpc', tokens.owner)).status).toBe(204)
    expect(await names()).toEqual(['public/vpc-extra'])
    expect((await t.call('POST', '/api/v2/registry-modules/actions/delete/acme/vpc', tokens.owner)).status).toBe(404)
  })

  it('200: an owner may delete, resync and retry a public record, as TFE answers', async () => {
    await t.call('POST', BASE, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws', namespace: 'hc', 'registry-name': 'public' }))
    const { data } = await json<SingleDoc>(await t.call('GET', `${BASE}/public/hc/vpc/aws`, tokens.owner))
    expect(data.attributes['permissions']).toEqual({ 'can-delete': true, 'can-resync': true, 'can-retry': true })
  })

  it('422: a public module needs a namespace', async () => {
    const response = await t.call('POST', BASE, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws', 'registry-name': 'public' }))
    expect((await json<ErrorDoc>(response)).errors[0]?.source).toEqual({ pointer: '/data/attributes/namespace' })
  })

  it('403: no versions for a public module', async () => {
    await t.call('POST', BASE, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws', namespace: 'hc', 'registry-name': 'public' }))
    expect((await t.call('POST', `${BASE}/public/hc/vpc/aws/versions`, tokens.publisher, versionBody('1.0.0'))).status).toBe(403)
  })

  it('deleting a public module: only the name-level form, which removes just the record', async () => {
    await t.call('POST', BASE, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws', namespace: 'hc', 'registry-name': 'public' }))
    expect((await t.call('DELETE', `${BASE}/public/hc/vpc/aws`, tokens.owner)).status).toBe(404)
    expect((await t.call('DELETE', `${BASE}/public/hc/vpc/aws/1.0.0`, tokens.owner)).status).toBe(404)
    expect((await t.call('DELETE', `${BASE}/public/hc/vpc`, tokens.owner)).status).toBe(204)
    expect((await t.call('GET', `${BASE}/public/hc/vpc/aws`, tokens.reader)).status).toBe(404)
  })
})
