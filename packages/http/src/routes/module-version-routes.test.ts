import { settledVersion } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { moduleBody, moduleOrganization, versionBody } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'
import { BASE, createVersionAs, uploadArchive, VPC, vpcModule } from '../test-support/vpc-module.ts'

describe('module versions, uploads and the delete cascade (spec §3, §4.1)', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>

  beforeEach(async () => {
    ;({ t, tokens } = await vpcModule())
  })

  const createVersion = (version: string) => createVersionAs(t, tokens.publisher, version)
  const upload = (link: string, body: string) => uploadArchive(t, link, body)

  describe('create a version', () => {
    it('201: a pending registry-module-versions document carrying the upload link', async () => {
      const data = await createVersion('1.2.3')
      expect(data.id).toMatch(/^modver-/)
      expect(data).toMatchObject({
        type: 'registry-module-versions',
        attributes: { version: '1.2.3', status: 'pending', source: 'tfe-api', 'commit-sha': null },
        relationships: { 'registry-module': { data: { type: 'registry-modules' } } },
      })
      expect(data.links?.['upload']).toMatch(/^https:\/\/uploads\.example\.com\/archivist\/v1\/object\/.+/)
    })

    it('201: a v prefix is normalised away', async () => {
      expect((await createVersion('v2.0.0-rc.1')).attributes['version']).toBe('2.0.0-rc.1')
    })

    it.each(['1.2', 'latest', '', '01.2.3'])('422: %j is not semver', async (version) => {
      const response = await t.call('POST', `${VPC}/versions`, tokens.publisher, versionBody(version))
      expect(response.status).toBe(422)
      expect((await json<ErrorDoc>(response)).errors[0]?.source).toEqual({ pointer: '/data/attributes/version' })
    })

    it('422: a version that exists already, or a wrong type', async () => {
      await createVersion('1.0.0')
      expect((await t.call('POST', `${VPC}/versions`, tokens.publisher, versionBody('v1.0.0'))).status).toBe(422)
      expect((await t.call('POST', `${VPC}/versions`, tokens.publisher, moduleBody({ version: '1.0.1' }))).status).toBe(422)
    })

    it('403: versions of public modules', async () => {
      expect((await t.call('POST', `${BASE}/public/hc/vpc/aws/versions`, tokens.publisher, versionBody('1.0.0'))).status).toBe(403)
    })

    it('404: no manage-modules permission, or no such module', async () => {
      expect((await t.call('POST', `${VPC}/versions`, tokens.reader, versionBody('1.0.0'))).status).toBe(404)
      expect((await t.call('POST', `${BASE}/private/acme/nope/aws/versions`, tokens.publisher, versionBody('1.0.0'))).status).toBe(404)
    })
  })

  describe('upload', () => {
    /** The version document, once the upload's analysis has settled it. */
    async function settled(id: string): Promise<SingleDoc['data']> {
      await settledVersion(t.deps.unitOfWork, id)
      return (await json<SingleDoc>(await t.call('GET', `${VPC}/version?module_version=1.0.0`, tokens.publisher))).data
    }

    it('200 once stored (reg_ingressing); the analysis then makes the version ok and the module set up; the link takes further archives until it expires', async () => {
      const { links, id } = await createVersion('1.0.0')
      const response = await upload(links?.['upload'] ?? '', 'good archive')
      expect(response.status).toBe(200)
      expect((await json<SingleDoc>(response)).data).toMatchObject({ id, attributes: { status: 'reg_ingressing' } })
      expect(await settled(id)).toMatchObject({ id, attributes: { status: 'ok' } })
      const module = await json<SingleDoc>(await t.call('GET', VPC, tokens.reader))
      expect(module.data.attributes).toMatchObject({ status: 'setup_complete', 'version-statuses': [{ version: '1.0.0', status: 'ok' }] })
      const again = await upload(links?.['upload'] ?? '', 'good again')
      expect(again.status).toBe(200)
      expect((await settled(id)).attributes).toMatchObject({ status: 'ok', 'archive-size': 10 })
      const audit = await json<ListDoc>(await t.call('GET', '/api/v2/admin/audit-events', t.adminToken))
      expect(audit.data.map((event) => [event.attributes['action'], event.attributes['target-id']])).toContainEqual([
        'module_version.reuploaded',
        id,
      ])
    })

    it('200 with the refusal on the version (reg_ingress_failed + error), not on the PUT; the same link retries', async () => {
      const { links, id } = await createVersion('1.0.0')
      const refused = await upload(links?.['upload'] ?? '', 'bad archive')
      expect(refused.status).toBe(200)
      expect((await settled(id)).attributes).toMatchObject({ status: 'reg_ingress_failed', error: 'is not a gzip tarball' })
      const read = await json<SingleDoc>(await t.call('GET', `${VPC}/version?module_version=1.0.0`, tokens.publisher))
      expect(read.data.attributes).toMatchObject({ status: 'reg_ingress_failed', error: 'is not a gzip tarball' })
      const asReader = await json<SingleDoc>(await t.call('GET', `${VPC}/version?module_version=1.0.0`, tokens.reader))
      expect(asReader.data.links?.['upload']).toBeUndefined()
      const module = await json<SingleDoc>(await t.call('GET', VPC, tokens.reader))
      expect(module.data.attributes['version-statuses']).toEqual([
        { version: '1.0.0', status: 'reg_ingress_failed', error: 'is not a gzip tarball' },
      ])
      const retry = await upload(links?.['upload'] ?? '', 'good archive')
      expect(retry.status).toBe(200)
      expect((await settled(id)).attributes).toMatchObject({ status: 'ok' })
    })

    it('404: a forged or expired link, storing nothing', async () => {
      const { links } = await createVersion('1.0.0')
      expect((await t.app.request('/v1/object/forged', { method: 'PUT', body: 'x' })).status).toBe(404)
      t.deps.clock.advance(60 * 60 * 1000 + 1)
      expect((await upload(links?.['upload'] ?? '', 'good')).status).toBe(404)
      const keys: string[] = []
      for await (const key of t.deps.blobs.list('')) keys.push(key)
      expect(keys).toEqual([])
    })

    it('200: an archive over the size limit is refused on the version, leaving no blob', async () => {
      const { links } = await createVersion('1.0.0')
      const response = await upload(links?.['upload'] ?? '', 'x'.repeat(1024 * 1024 + 1))
      expect(response.status).toBe(200)
      expect((await json<SingleDoc>(response)).data.attributes).toMatchObject({
        status: 'reg_ingress_failed',
        error: expect.stringContaining('larger') as unknown,
      })
      const keys: string[] = []
      for await (const key of t.deps.blobs.list('')) keys.push(key)
      expect(keys).toEqual([])
    })

    it('200 for a refused archive sent to an ok version, which stays ok in the API and the protocol: the attempt shows why, when and by whom', async () => {
      const { links, id } = await createVersion('1.0.0')
      expect((await upload(links?.['upload'] ?? '', 'good archive')).status).toBe(200)
      const served = await settled(id)
      const refused = await upload(links?.['upload'] ?? '', 'bad archive')
      expect(refused.status).toBe(200)
      expect((await json<SingleDoc>(refused)).data.attributes).toMatchObject({
        status: 'ok',
        error: null,
        attempt: { status: 'reg_ingressing' },
      })
      const after = await settled(id)
      expect(after.attributes).toMatchObject({
        status: 'ok',
        error: null,
        'archive-sha256': served.attributes['archive-sha256'],
        attempt: {
          status: 'reg_ingress_failed',
          error: 'is not a gzip tarball',
          'commit-sha': null,
          'started-by': 'upload link issued to user publisher',
          at: expect.any(String),
        },
      })
      const module = await json<SingleDoc>(await t.call('GET', VPC, tokens.reader))
      expect(module.data.attributes['version-statuses']).toEqual([{ version: '1.0.0', status: 'ok' }])
      const versions = await t.call('GET', '/api/registry/v1/modules/acme/vpc/aws/versions', tokens.reader)
      expect(await versions.json()).toMatchObject({ modules: [{ versions: [{ version: '1.0.0' }] }] })
      expect((await t.call('GET', '/api/registry/v1/modules/acme/vpc/aws/1.0.0/download', tokens.reader)).status).toBe(204)
    })

    it('409 with immutable versions: an ok version refuses a new archive, and its reads carry no link', async () => {
      t = await testApp({ uploadUrl: new URL('https://uploads.example.com/archivist'), immutableVersions: true })
      tokens = await moduleOrganization(t)
      await t.call('POST', BASE, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws' }))
      const { links, id } = await createVersion('1.0.0')
      expect((await upload(links?.['upload'] ?? '', 'bad archive')).status).toBe(200)
      await settledVersion(t.deps.unitOfWork, id)
      expect((await upload(links?.['upload'] ?? '', 'good archive')).status).toBe(200)
      await settledVersion(t.deps.unitOfWork, id)
      const refused = await upload(links?.['upload'] ?? '', 'good again')
      expect(refused.status).toBe(409)
      expect((await json<ErrorDoc>(refused)).errors[0]).toMatchObject({ status: '409', title: 'conflict' })
      const read = await json<SingleDoc>(await t.call('GET', `${VPC}/version?module_version=1.0.0`, tokens.publisher))
      expect(read.data).toMatchObject({ attributes: { status: 'ok', 'archive-size': 12 } })
      expect(read.data.links?.['upload']).toBeUndefined()
    })

    it('the version read route that the Go client uses', async () => {
      await createVersion('1.0.0')
      const response = await t.call('GET', `${VPC}/version?module_version=1.0.0`, tokens.reader)
      expect(response.status).toBe(200)
      expect((await json<SingleDoc>(response)).data.attributes['version']).toBe('1.0.0')
      expect((await t.call('GET', `${VPC}/version?module_version=9.9.9`, tokens.reader)).status).toBe(404)
      expect((await t.call('GET', `${VPC}/version`, tokens.reader)).status).toBe(400)
    })
  })
})
