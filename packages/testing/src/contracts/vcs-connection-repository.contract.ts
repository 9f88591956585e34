import type { VcsConnection } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { idsOf, minute, PAGE, seedOrganizations } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

function aConnection(overrides: Partial<VcsConnection> & Pick<VcsConnection, 'id'>): VcsConnection {
  return {
    tokenId: overrides.id.replace(/^oc-/, 'ot-'),
    organizationName: 'acme',
    name: null,
    serviceProvider: 'gitlab_community_edition',
    httpUrl: 'https://git.acme.test',
    apiUrl: 'https://git.acme.test/api/v4',
    sealedCredential: 'sealed',
    createdAt: minute(1),
    updatedAt: minute(1),
    ...overrides,
  }
}

export function vcsConnectionRepositoryContract(name: string, open: StoreHarness): void {
  describe(`VcsConnectionRepository contract: ${name}`, () => {
    const store = useStore(open)

    it('finds a connection by its id and by its token id, as stored', async () => {
      await seedOrganizations(store(), 'acme')
      const connection = aConnection({ id: 'oc-1', name: 'gitlab', sealedCredential: 'v1.abc' })
      await store().run(({ vcsConnections }) => vcsConnections.add(connection))
      await expect(store().run(({ vcsConnections }) => vcsConnections.findById('oc-1'))).resolves.toEqual(connection)
      await expect(store().run(({ vcsConnections }) => vcsConnections.findByTokenId('ot-1'))).resolves.toEqual(connection)
      await expect(store().run(({ vcsConnections }) => vcsConnections.findByTokenId('ot-2'))).resolves.toBeUndefined()
    })

    it("lists an organization's connections oldest first, a page at a time", async () => {
      await seedOrganizations(store(), 'acme', 'other')
      await store().run(async ({ vcsConnections }) => {
        await vcsConnections.add(aConnection({ id: 'oc-b', createdAt: minute(2) }))
        await vcsConnections.add(aConnection({ id: 'oc-a', createdAt: minute(3) }))
        await vcsConnections.add(aConnection({ id: 'oc-c', createdAt: minute(1) }))
        await vcsConnections.add(aConnection({ id: 'oc-x', organizationName: 'other' }))
      })
      const all = await store().run(({ vcsConnections }) => vcsConnections.list('acme', PAGE))
      expect({ ids: idsOf(all.items), total: all.total }).toEqual({ ids: ['oc-c', 'oc-b', 'oc-a'], total: 3 })
      const second = await store().run(({ vcsConnections }) => vcsConnections.list('acme', { number: 2, size: 2 }))
      expect({ ids: idsOf(second.items), total: second.total }).toEqual({ ids: ['oc-a'], total: 3 })
    })

    it('updates and removes a connection; the organization takes its connections with it', async () => {
      await seedOrganizations(store(), 'acme', 'gone')
      await store().run(async ({ vcsConnections }) => {
        await vcsConnections.add(aConnection({ id: 'oc-1' }))
        await vcsConnections.add(aConnection({ id: 'oc-2' }))
        await vcsConnections.add(aConnection({ id: 'oc-3', organizationName: 'gone' }))
      })
      const changed = aConnection({
        id: 'oc-1',
        name: 'renamed',
        httpUrl: 'https://git2.acme.test',
        sealedCredential: 'v2',
        updatedAt: minute(9),
      })
      await store().run(({ vcsConnections }) => vcsConnections.update(changed))
      await expect(store().run(({ vcsConnections }) => vcsConnections.findById('oc-1'))).resolves.toEqual(changed)
      await store().run(({ vcsConnections }) => vcsConnections.remove('oc-2'))
      await store().run(({ organizations }) => organizations.remove('gone'))
      await expect(store().run(({ vcsConnections }) => vcsConnections.findById('oc-2'))).resolves.toBeUndefined()
      await expect(store().run(({ vcsConnections }) => vcsConnections.findById('oc-3'))).resolves.toBeUndefined()
    })
  })
}
