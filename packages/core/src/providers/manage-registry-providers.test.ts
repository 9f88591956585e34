import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { PAGE, blobKeys, installableVersion, providerWorld, settle, type ProviderWorld } from './test-support/provider-world.ts'

const INTERNAL = { organizationName: 'acme', name: 'internal', registryName: 'private' } as const
const AT = { organizationName: 'acme', address: { registryName: 'private', namespace: 'acme', name: 'internal' } } as const

describe('ManageRegistryProviders', () => {
  let world: ProviderWorld

  beforeEach(async () => {
    world = await providerWorld()
  })

  describe('create', () => {
    it("a private provider's namespace is its organization's name", async () => {
      const { provider, permissions, versions } = await world.cases.registryProviders.create(INTERNAL, world.manager)
      expect(provider).toMatchObject({ organizationName: 'acme', registryName: 'private', namespace: 'acme', name: 'internal' })
      expect(provider.id).toMatch(/^prov-/)
      expect(permissions).toEqual({ canDelete: true })
      expect(versions).toBeNull()
    })

    it('invalid on namespace when a private provider is given another namespace', async () => {
      await expect(world.cases.registryProviders.create({ ...INTERNAL, namespace: 'globex' }, world.owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'namespace' }],
      })
    })

    it('accepts the organization name given as the namespace', async () => {
      const { provider } = await world.cases.registryProviders.create({ ...INTERNAL, namespace: 'acme' }, world.owner)
      expect(provider.namespace).toBe('acme')
    })

    it('invalid on name when the organization has the provider already', async () => {
      await world.cases.registryProviders.create(INTERNAL, world.owner)
      await expect(world.cases.registryProviders.create(INTERNAL, world.owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
    })

    it.each(['Internal', '-internal', 'internal_', 'my provider', 'p'.repeat(65), ''])('invalid on name for %j', async (name) => {
      await expect(settle(() => world.cases.registryProviders.create({ ...INTERNAL, name }, world.owner))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
    })

    it('forbidden for a public provider outside the hosted edition, as a rejected promise', async () => {
      const outcome = await world.cases.registryProviders
        .create({ organizationName: 'acme', name: 'aws', namespace: 'hashicorp', registryName: 'public' }, world.owner)
        .catch((error: unknown) => error)
      expect(outcome).toMatchObject({ code: 'forbidden' })
    })

    it('a public provider record keeps its namespace in the hosted edition', async () => {
      const hosted = await providerWorld('hosted')
      const { provider } = await hosted.cases.registryProviders.create(
        { organizationName: 'acme', name: 'aws', namespace: 'hashicorp', registryName: 'public' },
        hosted.owner,
      )
      expect(provider).toMatchObject({ registryName: 'public', namespace: 'hashicorp', name: 'aws' })
    })

    it('needs Manage modules: a plain member and a stranger get not_found, and nothing is created', async () => {
      for (const principal of [world.reader, world.stranger]) {
        await expect(world.cases.registryProviders.create(INTERNAL, principal)).rejects.toMatchObject({ code: 'not_found' })
      }
      expect(
        (await world.cases.registryProviders.list({ organizationName: 'acme', page: PAGE, includeVersions: false }, world.owner)).total,
      ).toBe(0)
    })
  })

  describe('list and show', () => {
    beforeEach(async () => {
      await installableVersion(world)
    })

    it('members read, with canDelete only for those who manage modules', async () => {
      const list = (principal: typeof world.owner) =>
        world.cases.registryProviders.list({ organizationName: 'acme', page: PAGE, includeVersions: true }, principal)
      const read = await list(world.reader)
      expect(read.items.map((item) => [item.provider.name, item.permissions.canDelete])).toEqual([['internal', false]])
      expect(read.items[0]?.versions?.map((version) => version.version)).toEqual(['1.0.0'])
      expect((await list(world.manager)).items[0]?.permissions.canDelete).toBe(true)
    })

    it('versions are null unless asked for', async () => {
      const view = await world.cases.registryProviders.show({ ...AT, includeVersions: false }, world.reader)
      expect(view.versions).toBeNull()
      const withVersions = await world.cases.registryProviders.show({ ...AT, includeVersions: true }, world.reader)
      expect(withVersions.versions?.map((version) => version.version)).toEqual(['1.0.0'])
    })

    it('a non-member gets not_found from list, show and showById', async () => {
      const { provider } = await world.cases.registryProviders.show({ ...AT, includeVersions: false }, world.owner)
      await expect(
        world.cases.registryProviders.list({ organizationName: 'acme', page: PAGE, includeVersions: false }, world.stranger),
      ).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.registryProviders.show({ ...AT, includeVersions: false }, world.stranger)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(
        world.cases.registryProviders.showById({ id: provider.id, includeVersions: false }, world.stranger),
      ).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('showById finds a provider for a member', async () => {
      const { provider } = await world.cases.registryProviders.show({ ...AT, includeVersions: false }, world.owner)
      const view = await world.cases.registryProviders.showById({ id: provider.id, includeVersions: false }, world.reader)
      expect(view).toMatchObject({ provider: { id: provider.id }, permissions: { canDelete: false } })
      await expect(world.cases.registryProviders.showById({ id: 'prov-none', includeVersions: false }, world.owner)).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('show of a public address outside the hosted edition is forbidden', async () => {
      const publicAt = { organizationName: 'acme', address: { registryName: 'public', namespace: 'hashicorp', name: 'aws' } } as const
      await expect(world.cases.registryProviders.show({ ...publicAt, includeVersions: false }, world.owner)).rejects.toMatchObject({
        code: 'forbidden',
      })
    })
  })

  describe('delete', () => {
    it('removes the provider, its versions, platforms and every uploaded file', async () => {
      await installableVersion(world)
      expect(await blobKeys(world.deps)).toHaveLength(3)
      await world.cases.registryProviders.delete(AT, world.manager)
      expect(await blobKeys(world.deps)).toEqual([])
      await expect(world.cases.registryProviders.show({ ...AT, includeVersions: false }, world.owner)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(
        world.cases.providerVersions.show({ organizationName: 'acme', namespace: 'acme', name: 'internal', version: '1.0.0' }, world.owner),
      ).rejects.toMatchObject({ code: 'not_found' })
    })

    it('a plain member cannot delete: not_found, and the provider stays', async () => {
      await world.cases.registryProviders.create(INTERNAL, world.owner)
      await expect(world.cases.registryProviders.delete(AT, world.reader)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.registryProviders.show({ ...AT, includeVersions: false }, world.reader)).resolves.toBeDefined()
    })

    it('creation and deletion are audited', async () => {
      await world.cases.registryProviders.create(INTERNAL, world.owner)
      await world.cases.registryProviders.delete(AT, world.owner)
      const { items } = await world.cases.auditEvents.execute({ number: 1, size: 100 }, OPERATOR)
      const events = items.filter((event) => event.type.startsWith('registry_provider.'))
      expect(events.map((event) => [event.type, event.targetName, event.organizationName]).sort()).toEqual([
        ['registry_provider.created', 'private/acme/internal', 'acme'],
        ['registry_provider.deleted', 'private/acme/internal', 'acme'],
      ])
    })
  })
})
