import { describe, expect, it } from 'vitest'
import { idsOf, minute, PAGE, seedOrganizations } from './fixtures.ts'
import { aGpgKey } from './provider-fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

const OTHER_KEY_ID = '51852D87348FFC4C'

export function gpgKeyRepositoryContract(name: string, open: StoreHarness): void {
  describe(`GpgKeyRepository contract: ${name}`, () => {
    const store = useStore(open)
    const seed = () => seedOrganizations(store(), 'acme', 'globex')

    it('hands out distinct decimal ids, also to units of work that rolled back', async () => {
      const ids = await Promise.all([1, 2, 3, 4].map(() => store().run(({ gpgKeys }) => gpgKeys.nextId())))
      const rolledBack = store().run(async ({ gpgKeys }) => {
        ids.push(await gpgKeys.nextId())
        throw new Error('boom')
      })
      await expect(rolledBack).rejects.toThrow('boom')
      ids.push(await store().run(({ gpgKeys }) => gpgKeys.nextId()))
      expect(new Set(ids).size).toBe(6)
      for (const id of ids) expect(id).toMatch(/^[1-9][0-9]*$/)
    })

    it('stores a key, its armor byte for byte, and finds it by namespace and key id', async () => {
      await seed()
      const key = aGpgKey({
        asciiArmor: '-----BEGIN PGP PUBLIC KEY BLOCK-----\r\n\r\nmQENBF…\r\n=ab/+\r\n-----END PGP PUBLIC KEY BLOCK-----\r\n',
      })
      await store().run(({ gpgKeys }) => gpgKeys.add(key))
      await store().run(async ({ gpgKeys }) => {
        expect(await gpgKeys.find('acme', key.keyId)).toEqual(key)
        expect(await gpgKeys.find('globex', key.keyId)).toBeUndefined()
        expect(await gpgKeys.find('acme', OTHER_KEY_ID)).toBeUndefined()
      })
    })

    it('refuses a key id the namespace has with invalid on key-id, and an unknown organization with not_found', async () => {
      await seed()
      await store().run(async ({ gpgKeys }) => {
        await gpgKeys.add(aGpgKey())
        await gpgKeys.add(aGpgKey({ id: '2', organizationName: 'globex', namespace: 'globex' }))
      })
      await expect(store().run(({ gpgKeys }) => gpgKeys.add(aGpgKey({ id: '3' })))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'key-id' }],
      })
      const orphan = aGpgKey({ id: '4', organizationName: 'initech', namespace: 'initech' })
      await expect(store().run(({ gpgKeys }) => gpgKeys.add(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('lists the keys of the namespaces asked for, oldest first, ids of one instant in numeric order, in pages that tell the total', async () => {
      await seed()
      await store().run(async ({ gpgKeys }) => {
        await gpgKeys.add(aGpgKey({ id: '10', keyId: 'A'.repeat(16), createdAt: minute(2) }))
        await gpgKeys.add(aGpgKey({ id: '9', keyId: 'B'.repeat(16), createdAt: minute(2) }))
        await gpgKeys.add(aGpgKey({ id: '11', keyId: 'C'.repeat(16), createdAt: minute(1) }))
        await gpgKeys.add(aGpgKey({ id: '12', organizationName: 'globex', namespace: 'globex', createdAt: minute(3) }))
        await gpgKeys.add(aGpgKey({ id: '13', organizationName: 'globex', namespace: 'globex', keyId: OTHER_KEY_ID, createdAt: minute(0) }))
      })
      const list = async (namespaces: string[], page = PAGE) => {
        const found = await store().read(({ gpgKeys }) => gpgKeys.list(namespaces, page))
        return { total: found.total, ids: idsOf(found.items) }
      }
      await expect(list(['acme'])).resolves.toEqual({ total: 3, ids: ['11', '9', '10'] })
      await expect(list(['acme', 'globex', 'initech'])).resolves.toEqual({ total: 5, ids: ['13', '11', '9', '10', '12'] })
      await expect(list(['acme', 'globex'], { number: 2, size: 2 })).resolves.toEqual({ total: 5, ids: ['9', '10'] })
      await expect(list(['initech'])).resolves.toEqual({ total: 0, ids: [] })
    })

    it('updates a key, moving it to another namespace, and refuses a missing key, a taken key id or an unknown organization', async () => {
      await seed()
      await store().run(async ({ gpgKeys }) => {
        await gpgKeys.add(aGpgKey())
        await gpgKeys.add(aGpgKey({ id: '2', organizationName: 'globex', namespace: 'globex', keyId: OTHER_KEY_ID }))
      })
      const moved = aGpgKey({ organizationName: 'globex', namespace: 'globex', updatedAt: minute(5) })
      await store().run(({ gpgKeys }) => gpgKeys.update(moved))
      await store().run(async ({ gpgKeys }) => {
        expect(await gpgKeys.find('globex', moved.keyId)).toEqual(moved)
        expect(await gpgKeys.find('acme', moved.keyId)).toBeUndefined()
      })
      await store().run(({ gpgKeys }) => gpgKeys.update(moved))
      const clash = aGpgKey({ id: '2', organizationName: 'globex', namespace: 'globex' })
      await expect(store().run(({ gpgKeys }) => gpgKeys.update(clash))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'key-id' }],
      })
      await expect(store().run(({ gpgKeys }) => gpgKeys.update(aGpgKey({ id: '99' })))).rejects.toMatchObject({ code: 'not_found' })
      const orphaned = aGpgKey({ organizationName: 'initech', namespace: 'initech' })
      await expect(store().run(({ gpgKeys }) => gpgKeys.update(orphaned))).rejects.toMatchObject({ code: 'not_found' })
    })

    it("removes a key, and an organization's keys with it", async () => {
      await seed()
      await store().run(async ({ gpgKeys }) => {
        await gpgKeys.add(aGpgKey())
        await gpgKeys.add(aGpgKey({ id: '2', keyId: OTHER_KEY_ID }))
        await gpgKeys.add(aGpgKey({ id: '3', organizationName: 'globex', namespace: 'globex' }))
      })
      await store().run(({ gpgKeys }) => gpgKeys.remove('1'))
      await store().run(({ gpgKeys }) => gpgKeys.remove('99'))
      await expect(store().run(({ gpgKeys }) => gpgKeys.find('acme', aGpgKey().keyId))).resolves.toBeUndefined()
      await store().run(({ organizations }) => organizations.remove('acme'))
      const left = await store().run(({ gpgKeys }) => gpgKeys.list(['acme', 'globex'], PAGE))
      expect(idsOf(left.items)).toEqual(['3'])
    })

    it('leaves nothing of a unit of work that rolled back', async () => {
      await seed()
      const failed = store().run(async ({ gpgKeys }) => {
        await gpgKeys.add(aGpgKey())
        throw new Error('boom')
      })
      await expect(failed).rejects.toThrow('boom')
      await expect(store().run(({ gpgKeys }) => gpgKeys.find('acme', aGpgKey().keyId))).resolves.toBeUndefined()
    })
  })
}
