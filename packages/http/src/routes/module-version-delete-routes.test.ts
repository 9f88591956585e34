import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { moduleBody, type moduleOrganization, versionBody } from '../test-support/module-fixtures.ts'
import type { TestApp } from '../test-support/test-app.ts'
import { BASE, createVersionAs, uploadArchive, VPC, vpcModule } from '../test-support/vpc-module.ts'

describe('module versions, uploads and the delete cascade (spec §3, §4.1)', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>

  beforeEach(async () => {
    ;({ t, tokens } = await vpcModule())
  })

  describe('delete', () => {
    async function uploaded(version: string, provider = 'aws') {
      if (provider !== 'aws') await t.call('POST', BASE, tokens.publisher, moduleBody({ name: 'vpc', provider }))
      const { links } = await createVersionAs(t, tokens.publisher, version, `${BASE}/private/acme/vpc/${provider}/versions`)
      expect((await uploadArchive(t, links?.['upload'] ?? '', 'good')).status).toBe(200)
    }
    async function blobCount(): Promise<number> {
      let count = 0
      for await (const _ of t.deps.blobs.list('modules/')) count += 1
      return count
    }

    it('204: one version, with its archive', async () => {
      await uploaded('1.0.0')
      await uploaded('1.1.0')
      expect(await blobCount()).toBe(2)
      const response = await t.call('DELETE', `${VPC}/1.0.0`, tokens.owner)
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
      const module = await json<SingleDoc>(await t.call('GET', VPC, tokens.reader))
      expect(module.data.attributes['version-statuses']).toEqual([{ version: '1.1.0', status: 'ok' }])
      expect(await blobCount()).toBe(1)
    })

    it('the last version of a provider takes the provider with it; the last provider, the module', async () => {
      await uploaded('1.0.0')
      await uploaded('1.0.0', 'google')
      expect((await t.call('DELETE', `${VPC}/1.0.0`, tokens.owner)).status).toBe(204)
      expect((await t.call('GET', VPC, tokens.reader)).status).toBe(404)
      expect((await t.call('GET', `${BASE}/private/acme/vpc/google`, tokens.reader)).status).toBe(200)
      expect((await t.call('DELETE', `${BASE}/private/acme/vpc/google/1.0.0`, tokens.owner)).status).toBe(204)
      const list = await json<ListDoc>(await t.call('GET', BASE, tokens.reader))
      expect(list.data).toEqual([])
      expect(await blobCount()).toBe(0)
    })

    it('204: a provider with all its versions', async () => {
      await uploaded('1.0.0')
      await uploaded('2.0.0')
      expect((await t.call('DELETE', VPC, tokens.owner)).status).toBe(204)
      expect((await t.call('GET', VPC, tokens.reader)).status).toBe(404)
      expect(await blobCount()).toBe(0)
    })

    it('204: the whole module, every provider', async () => {
      await uploaded('1.0.0')
      await uploaded('1.0.0', 'google')
      expect((await t.call('DELETE', `${BASE}/private/acme/vpc`, tokens.owner)).status).toBe(204)
      expect((await json<ListDoc>(await t.call('GET', BASE, tokens.reader))).data).toEqual([])
    })

    it('204: a version named with a v prefix, as reads accept it', async () => {
      await uploaded('1.0.0')
      await uploaded('1.1.0')
      expect((await t.call('DELETE', `${VPC}/v1.0.0`, tokens.owner)).status).toBe(204)
      expect((await t.call('GET', `${VPC}/version?module_version=1.0.0`, tokens.reader)).status).toBe(404)
    })

    it('deleting the organization deletes its archives too', async () => {
      await uploaded('1.0.0')
      await uploaded('1.0.0', 'google')
      expect(await blobCount()).toBe(2)
      expect((await t.call('DELETE', '/api/v2/organizations/acme', tokens.owner)).status).toBe(204)
      expect(await blobCount()).toBe(0)
    })

    it('403: public modules in the self-hosted edition', async () => {
      expect((await t.call('DELETE', `${BASE}/public/hc/vpc`, tokens.owner)).status).toBe(403)
      expect((await t.call('DELETE', `${BASE}/public/hc/vpc/aws`, tokens.owner)).status).toBe(403)
      expect((await t.call('DELETE', `${BASE}/public/hc/vpc/aws/1.0.0`, tokens.owner)).status).toBe(403)
    })

    it('404: no such module, provider or version; not an owner', async () => {
      await uploaded('1.0.0')
      expect((await t.call('DELETE', `${VPC}/9.9.9`, tokens.owner)).status).toBe(404)
      expect((await t.call('DELETE', `${BASE}/private/acme/vpc/google`, tokens.owner)).status).toBe(404)
      expect((await t.call('DELETE', `${BASE}/private/acme/nope`, tokens.owner)).status).toBe(404)
      expect((await t.call('DELETE', `${VPC}/1.0.0`, tokens.publisher)).status).toBe(404)
      expect((await t.call('DELETE', VPC, tokens.reader)).status).toBe(404)
      expect((await t.call('GET', VPC, tokens.reader)).status).toBe(200)
    })
  })

  describe('deprecated routes (spec §9)', () => {
    const expectDeprecated = (response: Response, successor: string) => {
      expect(response.headers.get('Deprecation')).toBe('true')
      expect(response.headers.get('Link')).toBe(`<${successor}>; rel="successor-version"`)
    }

    it('POST /registry-modules/:org/:name/:provider/versions creates a version, as go-tfe does', async () => {
      const response = await t.call('POST', '/api/v2/registry-modules/acme/vpc/aws/versions', tokens.publisher, versionBody('1.0.0'))
      expect(response.status).toBe(201)
      expectDeprecated(response, `${VPC}/versions`)
      expect((await json<SingleDoc>(response)).data.links?.['upload']).toBeTruthy()
    })

    it('GET /registry-modules/show/:org/:name/:provider reads the module', async () => {
      const response = await t.call('GET', '/api/v2/registry-modules/show/acme/vpc/aws', tokens.reader)
      expect(response.status).toBe(200)
      expectDeprecated(response, VPC)
      expect((await json<SingleDoc>(response)).data.attributes['name']).toBe('vpc')
    })

    it('POST /registry-modules/actions/delete/... deletes a version, a provider, a module', async () => {
      await createVersionAs(t, tokens.publisher, '1.0.0')
      await createVersionAs(t, tokens.publisher, '1.1.0')
      const version = await t.call('POST', '/api/v2/registry-modules/actions/delete/acme/vpc/aws/1.0.0', tokens.owner)
      expect(version.status).toBe(204)
      expectDeprecated(version, `${VPC}/1.0.0`)
      const provider = await t.call('POST', '/api/v2/registry-modules/actions/delete/acme/vpc/aws', tokens.owner)
      expect(provider.status).toBe(204)
      expectDeprecated(provider, VPC)
      await t.call('POST', BASE, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws' }))
      const module = await t.call('POST', '/api/v2/registry-modules/actions/delete/acme/vpc', tokens.owner)
      expect(module.status).toBe(204)
      expectDeprecated(module, `${BASE}/private/acme/vpc`)
    })

    it('errors keep their status, with the deprecation headers', async () => {
      const response = await t.call('POST', '/api/v2/registry-modules/actions/delete/acme/nope', tokens.owner)
      expect(response.status).toBe(404)
      expectDeprecated(response, `${BASE}/private/acme/nope`)
    })

    it('a segment longer than any name gets no Link repeating it: it names nothing', async () => {
      const response = await t.call('POST', `/api/v2/registry-modules/actions/delete/${'a'.repeat(11_000)}/vpc`, tokens.owner)
      expect(response.status).toBe(404)
      expect(response.headers.get('Deprecation')).toBe('true')
      expect(response.headers.get('Link')).toBeNull()
    })
  })
})
