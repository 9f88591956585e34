import type { AuthToken } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { aUser } from '../builders/builders.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function tokenRepositoryContract(name: string, open: StoreHarness): void {
  describe(`TokenRepository contract: ${name}`, () => {
    const store = useStore(open)
    const owner = aUser()
    const token: AuthToken = {
      id: 'at-0000000000000001',
      userId: owner.id,
      description: 'ci',
      secretHash: 'f'.repeat(64),
      createdAt: new Date('2026-02-03T04:05:06.789Z'),
      revokedAt: null,
    }

    it('stores a token and finds it by id', async () => {
      await store().run(async ({ users, tokens }) => {
        await users.add(owner)
        await tokens.add(token)
      })
      await expect(store().run(({ tokens }) => tokens.findById(token.id))).resolves.toEqual(token)
      await expect(store().run(({ tokens }) => tokens.findById('at-missing'))).resolves.toBeUndefined()
    })

    it('records a revocation', async () => {
      await store().run(async ({ users, tokens }) => {
        await users.add(owner)
        await tokens.add(token)
      })
      const revokedAt = new Date('2026-03-01T00:00:00.000Z')
      await store().run(({ tokens }) => tokens.update({ ...token, revokedAt }))
      await expect(store().run(({ tokens }) => tokens.findById(token.id))).resolves.toMatchObject({ revokedAt })
    })
  })
}
