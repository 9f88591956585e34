import { describe, expect, it } from 'vitest'
import { json, type ErrorDoc } from '../test-support/documents.ts'
import { moduleBody, moduleOrganization, versionBody } from '../test-support/module-fixtures.ts'
import { testApp } from '../test-support/test-app.ts'

const VERSIONS = '/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws/versions'

describe('the upload link, asked with another method than PUT', () => {
  it.each(['POST', 'GET', 'PATCH', 'DELETE'])('%s: 405 with Allow: PUT and a JSON:API error, the version left pending', async (method) => {
    const t = await testApp()
    const { publisher } = await moduleOrganization(t)
    await t.call('POST', '/api/v2/organizations/acme/registry-modules', publisher, moduleBody({ name: 'vpc', provider: 'aws' }))
    const created = await json<{ data: { links: { upload: string } } }>(await t.call('POST', VERSIONS, publisher, versionBody('1.0.0')))
    const response = await t.app.request(new URL(created.data.links.upload).pathname, {
      method,
      ...(method !== 'GET' && { body: 'archive' }),
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('PUT')
    expect(response.headers.get('Content-Type')).toBe('application/vnd.api+json')
    expect((await json<ErrorDoc>(response)).errors).toEqual([
      { status: '405', title: 'method not allowed', detail: `an upload link takes the archive as the body of a PUT, not a ${method}` },
    ])
    const version = await json<{ data: { attributes: { status: string } } }>(
      await t.call('GET', `${VERSIONS.replace(/s$/, '')}?module_version=1.0.0`, publisher),
    )
    expect(version.data.attributes.status).toBe('pending')
  })

  it('405 for a forged link too: the method is wrong whatever the link', async () => {
    const t = await testApp()
    const response = await t.app.request('/v1/object/forged', { method: 'POST', body: 'archive' })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('PUT')
  })
})
