import { aWorkspace, inOrganization } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { JSON_API } from '../jsonapi/media-type.ts'
import type { ErrorDoc } from '../test-support/documents.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'
import {
  ADMIN_PREFIXES,
  ARCHS,
  createToolVersion,
  toolVersionAttributes as attributes,
  toolVersionBody as body,
  type ToolVersionDoc as Doc,
} from '../test-support/tool-versions.ts'

describe.each(ADMIN_PREFIXES)('admin tool versions under %s (spec §4.4)', (prefix) => {
  let t: TestApp
  const base = `${prefix}/tool-versions`

  beforeEach(async () => {
    t = await testApp()
  })

  describe('show', () => {
    it('200: the tool-versions document with its usage', async () => {
      const created = await createToolVersion(t, base)
      await t.deps.unitOfWork.run((repositories) => inOrganization(repositories, aWorkspace({ toolVersionId: created.id })))
      const response = await t.call('GET', `${base}/${created.id}`, t.adminToken)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe(JSON_API)
      const { data } = (await response.json()) as Doc
      expect(data).toMatchObject({ id: created.id, type: 'tool-versions', attributes: { ...attributes, usage: 1 } })
    })

    it('404: not found', async () => {
      const response = await t.call('GET', `${base}/tool-doesnotexist00`, t.adminToken)
      expect(response.status).toBe(404)
      expect(((await response.json()) as ErrorDoc).errors[0]).toMatchObject({ status: '404' })
    })

    it('404: not an administrator', async () => {
      const created = await createToolVersion(t, base)
      expect((await t.call('GET', `${base}/${created.id}`, t.memberToken)).status).toBe(404)
    })
  })

  describe('update', () => {
    it('200: changes the given attributes and keeps the omitted ones', async () => {
      const created = await createToolVersion(t, base, { ...attributes, official: true, beta: true })
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ enabled: false }))
      expect(response.status).toBe(200)
      const { data } = (await response.json()) as Doc
      expect(data.attributes).toMatchObject({ ...attributes, official: true, beta: true, enabled: false })
    })

    it('200: null attributes, as the Go client sends for unset ones, keep their value', async () => {
      const created = await createToolVersion(t, base)
      const patch = body({ version: null, url: null, sha: null, deprecated: true, 'deprecated-reason': 'eol' })
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, patch)
      expect(response.status).toBe(200)
      const { data } = (await response.json()) as Doc
      expect(data.attributes).toMatchObject({ ...attributes, deprecated: true, 'deprecated-reason': 'eol' })
    })

    it('200: archs alone replace the list; url and sha answer empty without a linux/amd64 entry', async () => {
      const created = await createToolVersion(t, base, { version: '1.9.1', archs: ARCHS })
      const arm = [{ ...ARCHS[0], url: 'https://x.test/arm2.zip' }]
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ archs: arm }))
      expect(response.status).toBe(200)
      expect(((await response.json()) as Doc).data.attributes).toMatchObject({ url: '', sha: '', archs: arm })
    })

    it('200: url and sha alone make the list one linux/amd64 entry', async () => {
      const created = await createToolVersion(t, base, { version: '1.9.1', archs: ARCHS })
      const response = await t.call(
        'PATCH',
        `${base}/${created.id}`,
        t.adminToken,
        body({ url: 'https://x.test/new.zip', sha: 'A'.repeat(64) }),
      )
      const { data } = (await response.json()) as Doc
      expect(data.attributes).toMatchObject({ url: 'https://x.test/new.zip', sha: 'a'.repeat(64) })
      expect(data.attributes['archs']).toEqual([{ url: 'https://x.test/new.zip', sha: 'a'.repeat(64), os: 'linux', arch: 'amd64' }])
    })

    it('200: other changes keep every arch', async () => {
      const created = await createToolVersion(t, base, { version: '1.9.1', archs: ARCHS })
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ beta: true }))
      expect(((await response.json()) as Doc).data.attributes['archs']).toEqual(ARCHS)
    })

    it('404: not found', async () => {
      const response = await t.call('PATCH', `${base}/tool-doesnotexist00`, t.adminToken, body({ beta: true }))
      expect(response.status).toBe(404)
    })

    it('404: not an administrator', async () => {
      const created = await createToolVersion(t, base)
      expect((await t.call('PATCH', `${base}/${created.id}`, t.memberToken, body({ beta: true }))).status).toBe(404)
    })

    it('422: validation errors, leaving the version unchanged', async () => {
      const created = await createToolVersion(t, base)
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ url: 'nope', beta: true }))
      expect(response.status).toBe(422)
      expect(((await response.json()) as ErrorDoc).errors[0]?.source).toEqual({ pointer: '/data/attributes/url' })
      const shown = (await (await t.call('GET', `${base}/${created.id}`, t.adminToken)).json()) as Doc
      expect(shown.data.attributes).toMatchObject({ url: attributes.url, beta: false })
    })

    it('422: the wrong data.type', async () => {
      const created = await createToolVersion(t, base)
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ beta: true }, 'users'))
      expect(response.status).toBe(422)
    })
  })

  describe('delete', () => {
    it('204: removes a version that is neither official nor used, with an empty body', async () => {
      const created = await createToolVersion(t, base)
      const response = await t.call('DELETE', `${base}/${created.id}`, t.adminToken)
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
      expect((await t.call('GET', `${base}/${created.id}`, t.adminToken)).status).toBe(404)
    })

    it('404: not found', async () => {
      expect((await t.call('DELETE', `${base}/tool-doesnotexist00`, t.adminToken)).status).toBe(404)
    })

    it('404: not an administrator', async () => {
      const created = await createToolVersion(t, base)
      expect((await t.call('DELETE', `${base}/${created.id}`, t.memberToken)).status).toBe(404)
      expect((await t.call('GET', `${base}/${created.id}`, t.adminToken)).status).toBe(200)
    })

    it('422: an official version', async () => {
      const created = await createToolVersion(t, base, { ...attributes, official: true })
      const response = await t.call('DELETE', `${base}/${created.id}`, t.adminToken)
      expect(response.status).toBe(422)
      expect(((await response.json()) as ErrorDoc).errors[0]?.source).toEqual({ pointer: '/data/attributes/official' })
    })

    it('422: a version used by a workspace', async () => {
      const created = await createToolVersion(t, base)
      await t.deps.unitOfWork.run((repositories) => inOrganization(repositories, aWorkspace({ toolVersionId: created.id })))
      const response = await t.call('DELETE', `${base}/${created.id}`, t.adminToken)
      expect(response.status).toBe(422)
      expect((await t.call('GET', `${base}/${created.id}`, t.adminToken)).status).toBe(200)
    })
  })
})

describe('the terraform-versions compatibility alias', () => {
  it('serves the same resources with type terraform-versions, as the official Go client expects', async () => {
    const t = await testApp()
    const created = await t.call('POST', '/api/v2/admin/terraform-versions', t.adminToken, body(attributes, 'terraform-versions'))
    expect(created.status).toBe(201)
    const { data } = (await created.json()) as Doc
    expect(data.type).toBe('terraform-versions')
    const viaToolVersions = (await (await t.call('GET', `/admin/tool-versions/${data.id}`, t.adminToken)).json()) as Doc
    expect(viaToolVersions.data).toMatchObject({ id: data.id, type: 'tool-versions' })
  })

  it('refuses a tool-versions body on the alias', async () => {
    const t = await testApp()
    const response = await t.call('POST', '/admin/terraform-versions', t.adminToken, body(attributes))
    expect(response.status).toBe(422)
  })
})

describe('the admin API in the hosted edition', () => {
  it('does not exist', async () => {
    const t = await testApp({ edition: 'hosted' })
    expect((await t.call('GET', '/api/v2/admin/tool-versions', t.adminToken)).status).toBe(404)
  })
})
