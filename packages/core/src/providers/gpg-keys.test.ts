import { addMember } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { KEY, OTHER_KEY, PAGE, providerWorld, type ProviderWorld } from './test-support/provider-world.ts'

const IN_ACME = { namespace: 'acme', keyId: KEY.keyId }
const NOT_AUTHORIZED = { code: 'forbidden', message: expect.stringContaining('namespace not authorized') }

describe('GpgKeys', () => {
  let world: ProviderWorld

  beforeEach(async () => {
    world = await providerWorld()
  })

  const addKey = (namespace = 'acme', principal = world.owner, armor = KEY.asciiArmor) =>
    world.cases.gpgKeys.create({ namespace, asciiArmor: armor }, principal)

  describe('create', () => {
    it('reads the key id from the armor and keeps the armor as given', async () => {
      const key = await addKey('acme', world.manager)
      expect(key).toMatchObject({ organizationName: 'acme', namespace: 'acme', keyId: KEY.keyId, asciiArmor: KEY.asciiArmor })
      expect(key.id).toMatch(/^\d+$/)
      const second = await addKey('acme', world.manager, OTHER_KEY.asciiArmor)
      expect(second.id).not.toBe(key.id)
    })

    it('invalid on ascii-armor for what is not a public key', async () => {
      await expect(addKey('acme', world.owner, 'not a key')).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'ascii-armor' }] })
    })

    it('invalid on key-id when the namespace has the key already; another namespace may have it too', async () => {
      await addKey()
      await expect(addKey()).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'key-id' }] })
      await expect(addKey('globex', world.stranger)).resolves.toMatchObject({ namespace: 'globex', keyId: KEY.keyId })
    })

    it('namespace not authorized (forbidden, not a 404) for a plain member, a stranger and an unknown namespace', async () => {
      await expect(addKey('acme', world.reader)).rejects.toMatchObject(NOT_AUTHORIZED)
      await expect(addKey('acme', world.stranger)).rejects.toMatchObject(NOT_AUTHORIZED)
      await expect(addKey('nowhere', world.owner)).rejects.toMatchObject(NOT_AUTHORIZED)
      expect((await world.cases.gpgKeys.list({ namespaces: ['acme'], page: PAGE }, world.owner)).total).toBe(0)
    })

    it('namespace not authorized comes before the armor is read: a stranger learns nothing of it', async () => {
      await expect(world.cases.gpgKeys.create({ namespace: 'acme', asciiArmor: 'not a key' }, world.stranger)).rejects.toMatchObject(
        NOT_AUTHORIZED,
      )
    })
  })

  describe('list and show', () => {
    beforeEach(async () => {
      await addKey()
      await addKey('globex', world.stranger, OTHER_KEY.asciiArmor)
    })

    it('lists the keys of the namespaces the caller can read; the others add nothing', async () => {
      const list = (principal: typeof world.owner) =>
        world.cases.gpgKeys.list({ namespaces: ['acme', 'globex', 'nowhere'], page: PAGE }, principal)
      expect((await list(world.reader)).items.map((key) => [key.namespace, key.keyId])).toEqual([['acme', KEY.keyId]])
      expect((await list(world.stranger)).items.map((key) => key.namespace)).toEqual(['globex'])
      expect((await world.cases.gpgKeys.list({ namespaces: ['acme', 'globex'], page: PAGE }, OPERATOR)).total).toBe(2)
    })

    it('a member reads a key; a stranger and an unknown key id get not_found', async () => {
      await expect(world.cases.gpgKeys.show(IN_ACME, world.reader)).resolves.toMatchObject({ keyId: KEY.keyId })
      await expect(world.cases.gpgKeys.show(IN_ACME, world.stranger)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.gpgKeys.show({ ...IN_ACME, keyId: OTHER_KEY.keyId }, world.owner)).rejects.toMatchObject({
        code: 'not_found',
      })
    })
  })

  describe('update', () => {
    beforeEach(async () => {
      await addKey()
    })

    it('moves a key to another namespace the caller manages', async () => {
      await makeOliviaOwnerOfGlobex(world)
      const moved = await world.cases.gpgKeys.update({ ...IN_ACME, newNamespace: 'globex' }, world.owner)
      expect(moved).toMatchObject({ namespace: 'globex', organizationName: 'globex', keyId: KEY.keyId })
      await expect(world.cases.gpgKeys.show(IN_ACME, world.owner)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.gpgKeys.show({ ...IN_ACME, namespace: 'globex' }, world.stranger)).resolves.toMatchObject({ id: moved.id })
    })

    it('namespace not authorized for a target the caller may not manage; the key stays', async () => {
      await expect(world.cases.gpgKeys.update({ ...IN_ACME, newNamespace: 'globex' }, world.manager)).rejects.toMatchObject(NOT_AUTHORIZED)
      await expect(world.cases.gpgKeys.update({ ...IN_ACME, newNamespace: 'nowhere' }, world.owner)).rejects.toMatchObject(NOT_AUTHORIZED)
      await expect(world.cases.gpgKeys.show(IN_ACME, world.owner)).resolves.toMatchObject({ namespace: 'acme' })
    })

    it('not_found for a caller who may not manage the key where it is', async () => {
      for (const principal of [world.reader, world.stranger]) {
        await expect(world.cases.gpgKeys.update({ ...IN_ACME, newNamespace: 'globex' }, principal)).rejects.toMatchObject({
          code: 'not_found',
        })
      }
    })

    it('invalid on key-id when the target namespace has the key already', async () => {
      await addKey('globex', world.stranger)
      await makeOliviaOwnerOfGlobex(world)
      await expect(world.cases.gpgKeys.update({ ...IN_ACME, newNamespace: 'globex' }, world.owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'key-id' }],
      })
    })

    it('to its own namespace, changes nothing', async () => {
      const before = await world.cases.gpgKeys.show(IN_ACME, world.owner)
      await expect(world.cases.gpgKeys.update({ ...IN_ACME, newNamespace: 'acme' }, world.manager)).resolves.toEqual(before)
    })
  })

  describe('delete', () => {
    it('removes the key for one who manages the namespace; not_found for others', async () => {
      await addKey()
      for (const principal of [world.reader, world.stranger]) {
        await expect(world.cases.gpgKeys.delete(IN_ACME, principal)).rejects.toMatchObject({ code: 'not_found' })
      }
      await world.cases.gpgKeys.delete(IN_ACME, world.manager)
      await expect(world.cases.gpgKeys.show(IN_ACME, world.owner)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.gpgKeys.delete(IN_ACME, world.owner)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  it('creation, move and deletion are audited', async () => {
    await addKey()
    await makeOliviaOwnerOfGlobex(world)
    await world.cases.gpgKeys.update({ ...IN_ACME, newNamespace: 'globex' }, world.owner)
    await world.cases.gpgKeys.delete({ ...IN_ACME, namespace: 'globex' }, world.owner)
    const { items } = await world.cases.auditEvents.execute({ number: 1, size: 100 }, OPERATOR)
    const events = items.filter((event) => event.type.startsWith('gpg_key.'))
    expect(events.map((event) => [event.type, event.targetName]).sort()).toEqual([
      ['gpg_key.created', `acme ${KEY.keyId}`],
      ['gpg_key.deleted', `globex ${KEY.keyId}`],
      ['gpg_key.updated', `globex ${KEY.keyId}`],
    ])
    expect(events.find((event) => event.type === 'gpg_key.updated')?.changes).toEqual([
      { attribute: 'namespace', from: 'acme', to: 'globex' },
    ])
  })
})

/** Makes acme's owner an owner of globex too, so that keys can move between the two. */
async function makeOliviaOwnerOfGlobex(world: ProviderWorld): Promise<void> {
  const { items } = await world.cases.teams.list({ organizationName: 'globex', page: PAGE }, OPERATOR)
  const owners = items.find((team) => team.name === 'owners')?.id ?? ''
  await addMember(world.cases, { organizationName: 'globex', email: 'olivia@example.com', teamIds: [owners] }, world.stranger)
}
