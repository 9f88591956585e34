import { describe, expect, it } from 'vitest'
import { json, type SingleDoc } from '../test-support/documents.ts'
import { moduleBody } from '../test-support/module-fixtures.ts'
import { errorsOf, registryModuleAppPerTest } from '../test-support/registry-module-app.ts'
import { BASE, VPC } from '../test-support/vpc-module.ts'

describe('registry modules without VCS (spec §4.1)', () => {
  const app = registryModuleAppPerTest()

  describe('create a module', () => {
    it('201: a private module whose namespace is the organization', async () => {
      const response = await app.create({ name: 'vpc', provider: 'aws', 'registry-name': 'private', 'no-code': true })
      expect(response.status).toBe(201)
      expect(response.headers.get('Content-Type')).toBe('application/vnd.api+json')
      const { data } = await json<SingleDoc>(response)
      expect(data.id).toMatch(/^mod-/)
      expect(data).toMatchObject({
        type: 'registry-modules',
        attributes: {
          name: 'vpc',
          namespace: 'acme',
          provider: 'aws',
          'registry-name': 'private',
          status: 'pending',
          'publishing-mechanism': 'non_vcs',
          'no-code': true,
          'version-statuses': [],
        },
        relationships: { organization: { data: { id: 'acme', type: 'organizations' } } },
        links: { self: VPC },
      })
      expect(data.attributes['vcs-repo']).toBeUndefined()
    })

    it('201: registry-name defaults to private; null attributes count as absent', async () => {
      const { data } = await json<SingleDoc>(await app.create({ name: 'vpc', provider: 'aws', namespace: null, 'no-code': null }))
      expect(data.attributes).toMatchObject({ 'registry-name': 'private', namespace: 'acme', 'no-code': false })
    })

    it.each([
      ['name', { name: '-vpc', provider: 'aws' }],
      ['name', { name: 'vpc_', provider: 'aws' }],
      ['name', { name: 'v'.repeat(65), provider: 'aws' }],
      ['name', { name: 'my vpc', provider: 'aws' }],
      ['provider', { name: 'vpc', provider: 'AWS' }],
      ['provider', { name: 'vpc', provider: 'aws-2' }],
      ['provider', { name: 'vpc', provider: 'a'.repeat(65) }],
      ['namespace', { name: 'vpc', provider: 'aws', namespace: 'someone-else' }],
      ['registry-name', { name: 'vpc', provider: 'aws', 'registry-name': 'shared' }],
      ['no-code', { name: 'vpc', provider: 'aws', 'no-code': 'yes' }],
      ['provider', { name: 'vpc' }],
    ])('422: a bad %s, with a pointer', async (attribute, attributes) => {
      const errors = await errorsOf(await app.create(attributes), 422)
      expect(errors.map((e) => e.source?.pointer)).toEqual([`/data/attributes/${attribute}`])
    })

    it('200/201: names may be 64 characters and use - and _ inside', async () => {
      expect((await app.create({ name: `a-${'b'.repeat(60)}_c`, provider: 'a'.repeat(64) })).status).toBe(201)
    })

    it('422: a module provider that exists already, or a wrong data.type', async () => {
      await app.create({ name: 'vpc', provider: 'aws' })
      const errors = await errorsOf(await app.create({ name: 'vpc', provider: 'aws' }), 422)
      expect(errors[0]).toMatchObject({ detail: 'name has already been taken' })
      await errorsOf(await app.t.call('POST', BASE, app.tokens.publisher, { data: { type: 'modules', attributes: {} } }), 422)
    })

    it('403: a public module in the self-hosted edition', async () => {
      const errors = await errorsOf(
        await app.create({ name: 'vpc', provider: 'aws', namespace: 'hashicorp', 'registry-name': 'public' }),
        403,
      )
      expect(errors[0]?.status).toBe('403')
    })

    it('404: a member without the manage-modules permission, an outsider, or no such organization', async () => {
      await errorsOf(await app.create({ name: 'vpc', provider: 'aws' }, app.tokens.reader), 404)
      await errorsOf(await app.create({ name: 'vpc', provider: 'aws' }, app.t.adminToken), 404)
      await errorsOf(
        await app.t.call('POST', '/api/v2/organizations/nope/registry-modules', app.tokens.owner, moduleBody({ name: 'a', provider: 'b' })),
        404,
      )
    })
  })
})
