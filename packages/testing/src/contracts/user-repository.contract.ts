import { describe, expect, it } from 'vitest'
import { aUser } from '../builders/builders.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function userRepositoryContract(name: string, open: StoreHarness): void {
  describe(`UserRepository contract: ${name}`, () => {
    const store = useStore(open)

    it('stores a user and finds it by id and by username', async () => {
      const user = aUser({ isSiteAdmin: true, twoFactorEnabled: true })
      await store().run(({ users }) => users.add(user))
      await expect(store().run(({ users }) => users.findById(user.id))).resolves.toEqual(user)
      await expect(store().run(({ users }) => users.findByUsername(user.username))).resolves.toEqual(user)
      await expect(store().run(({ users }) => users.findByUsername('nobody'))).resolves.toBeUndefined()
    })

    it('refuses a taken username or e-mail address', async () => {
      await store().run(({ users }) => users.add(aUser({ id: 'user-1', username: 'ada', email: 'ada@x.test' })))
      const sameName = aUser({ id: 'user-2', username: 'ada', email: 'other@x.test' })
      await expect(store().run(({ users }) => users.add(sameName))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'username', message: 'has already been taken' }],
      })
      const sameEmail = aUser({ id: 'user-3', username: 'grace', email: 'ada@x.test' })
      await expect(store().run(({ users }) => users.add(sameEmail))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'email', message: 'has already been taken' }],
      })
    })

    it('updates a user', async () => {
      const user = aUser()
      await store().run(({ users }) => users.add(user))
      await store().run(({ users }) => users.update(user.suspend()))
      await expect(store().run(({ users }) => users.findById(user.id))).resolves.toMatchObject({ isSuspended: true })
    })
  })
}
