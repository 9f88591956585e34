import { beforeEach, describe, expect, it } from 'vitest'
import { json, type SingleDoc } from '../test-support/documents.ts'
import { moduleBody } from '../test-support/module-fixtures.ts'
import { errorsOf, registryModuleAppPerTest } from '../test-support/registry-module-app.ts'
import { BASE, VPC } from '../test-support/vpc-module.ts'

describe('registry modules without VCS (spec §4.1)', () => {
  const app = registryModuleAppPerTest()

  describe('get a module', () => {
    beforeEach(async () => {
      await app.create({ name: 'vpc', provider: 'aws' })
    })

    it('200: the registry-modules document, also by id; managers may resync and retry whatever the publishing mechanism', async () => {
      const response = await app.t.call('GET', VPC, app.tokens.reader)
      expect(response.status).toBe(200)
      const { data } = await json<SingleDoc>(response)
      expect(data.attributes).toMatchObject({ name: 'vpc', provider: 'aws' })
      expect(data.attributes['permissions']).toEqual({ 'can-delete': false, 'can-resync': false, 'can-retry': false })
      const asOwner = await json<SingleDoc>(await app.t.call('GET', VPC, app.tokens.owner))
      expect(asOwner.data.attributes['permissions']).toEqual({ 'can-delete': true, 'can-resync': true, 'can-retry': true })
      const asPublisher = await json<SingleDoc>(await app.t.call('GET', VPC, app.tokens.publisher))
      expect(asPublisher.data.attributes['permissions']).toEqual({ 'can-delete': false, 'can-resync': true, 'can-retry': true })
      const byId = await json<SingleDoc>(await app.t.call('GET', `/api/v2/registry-modules/${data.id}`, app.tokens.reader))
      expect(byId.data).toEqual(data)
    })

    it('403: a public module in the self-hosted edition', async () => {
      await errorsOf(await app.t.call('GET', `${BASE}/public/hashicorp/vpc/aws`, app.tokens.reader), 403)
    })

    it('404: no such module, provider or registry, or not a member', async () => {
      await errorsOf(await app.t.call('GET', `${BASE}/private/acme/vpc/google`, app.tokens.reader), 404)
      await errorsOf(await app.t.call('GET', `${BASE}/private/acme/nope/aws`, app.tokens.reader), 404)
      await errorsOf(await app.t.call('GET', `${BASE}/shared/acme/vpc/aws`, app.tokens.reader), 404)
      await errorsOf(await app.t.call('GET', VPC, app.t.adminToken), 404)
    })
  })

  describe('update a private module', () => {
    beforeEach(async () => {
      await app.create({ name: 'vpc', provider: 'aws' })
    })

    const patch = (attributes: Record<string, unknown>, token = app.tokens.owner, path = `${VPC}/`) =>
      app.t.call('PATCH', path, token, moduleBody(attributes))

    it('200: test-config.tests-enabled changes; everything omitted keeps its value', async () => {
      const response = await patch({ 'test-config': { 'tests-enabled': true } })
      expect(response.status).toBe(200)
      const { data } = await json<SingleDoc>(response)
      expect(data.attributes).toMatchObject({ name: 'vpc', 'no-code': false, 'test-config': { 'tests-enabled': true } })
      const again = await json<SingleDoc>(await patch({}, app.tokens.owner, VPC))
      expect(again.data.attributes['test-config']).toEqual({ 'tests-enabled': true })
    })

    it('200: no-code turns on and off, and the no-code-modules relationship with it', async () => {
      const patch = (noCode: unknown) => app.t.call('PATCH', VPC, app.tokens.owner, moduleBody({ 'no-code': noCode }))
      const on = await json<SingleDoc>(await patch(true))
      expect(on.data.attributes['no-code']).toBe(true)
      expect(on.data.relationships?.['no-code-modules']).toEqual({
        data: [{ id: on.data.id.replace(/^mod-/, 'nocode-'), type: 'no-code-modules' }],
      })
      expect((await json<SingleDoc>(await patch(false))).data.attributes['no-code']).toBe(false)
      await errorsOf(await patch('yes'), 422)
    })

    it('422: vcs-repo.tags together with vcs-repo.branch', async () => {
      const errors = await errorsOf(await patch({ 'vcs-repo': { branch: 'main', tags: true } }), 422)
      expect(errors[0]?.source).toEqual({ pointer: '/data/attributes/vcs-repo/tags' })
    })

    it('422: a branch for a module not published from VCS, or a wrong type', async () => {
      await errorsOf(await patch({ 'vcs-repo': { branch: 'main' } }), 422)
      const errors = await errorsOf(await patch({ 'test-config': { 'tests-enabled': 'yes' } }), 422)
      expect(errors[0]?.source).toEqual({ pointer: '/data/attributes/test-config/tests-enabled' })
    })

    it('404: not an owner (even with manage-modules), or no such module', async () => {
      await errorsOf(await patch({ 'test-config': { 'tests-enabled': true } }, app.tokens.publisher), 404)
      await errorsOf(await patch({}, app.tokens.owner, `${BASE}/private/acme/nope/aws/`), 404)
    })
  })
})
