import { describe, expect, it } from 'vitest'
import { aSession, aUser } from '../builders/builders.ts'
import { minute } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function sessionRepositoryContract(name: string, open: StoreHarness): void {
  describe(`SessionRepository contract: ${name}`, () => {
    const store = useStore(open)
    const user = aUser()
    const admin = aUser({ id: 'user-admin', username: 'admin', isSiteAdmin: true })

    async function seedUsers(): Promise<void> {
      await store().run(async ({ users }) => {
        await users.add(user)
        await users.add(admin)
      })
    }

    it('stores a session and finds it by id', async () => {
      await seedUsers()
      const session = aSession({ userId: user.id, createdAt: minute(1), expiresAt: minute(481) })
      await store().run(({ sessions }) => sessions.add(session))
      await expect(store().run(({ sessions }) => sessions.findById(session.id))).resolves.toEqual(session)
      await expect(store().run(({ sessions }) => sessions.findById('sess-missing'))).resolves.toBeUndefined()
    })

    it('stores an impersonation session with its impersonator and reason', async () => {
      await seedUsers()
      const session = aSession({ userId: user.id, impersonatorId: admin.id, reason: 'ticket #42: "can\'t log in"' })
      await store().run(({ sessions }) => sessions.add(session))
      await expect(store().run(({ sessions }) => sessions.findById(session.id))).resolves.toEqual(session)
    })

    it('records that a session ended', async () => {
      await seedUsers()
      const session = aSession({ userId: user.id })
      await store().run(({ sessions }) => sessions.add(session))
      await store().run(({ sessions }) => sessions.update({ ...session, endedAt: minute(5) }))
      await expect(store().run(({ sessions }) => sessions.findById(session.id))).resolves.toEqual({
        ...session,
        endedAt: minute(5),
      })
    })

    it('refuses to update a session it does not have with not_found', async () => {
      await expect(store().run(({ sessions }) => sessions.update(aSession()))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('refuses a session for a user, or by an impersonator, it does not have with not_found', async () => {
      await seedUsers()
      const unknownUser = aSession({ userId: 'user-missing' })
      await expect(store().run(({ sessions }) => sessions.add(unknownUser))).rejects.toMatchObject({ code: 'not_found' })
      const unknownAdmin = aSession({ userId: user.id, impersonatorId: 'user-missing', reason: 'x' })
      await expect(store().run(({ sessions }) => sessions.add(unknownAdmin))).rejects.toMatchObject({ code: 'not_found' })
      await expect(store().run(({ sessions }) => sessions.findById(aSession().id))).resolves.toBeUndefined()
    })
  })
}
