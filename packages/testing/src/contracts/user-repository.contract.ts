import { User } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { aMembership, aSession, aTeam, aToken, aUser } from '../builders/builders.ts'
import { minute, PAGE, seedOrganizations } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'
import { userListContract } from './user-list.contract.ts'

export function userRepositoryContract(name: string, open: StoreHarness): void {
  describe(`UserRepository contract: ${name}`, () => {
    const store = useStore(open)

    it('stores a user and finds it by id, by username and by e-mail address', async () => {
      const user = aUser({ isSiteAdmin: true, twoFactorEnabled: true, isServiceAccount: true })
      await store().run(({ users }) => users.add(user))
      await expect(store().run(({ users }) => users.findById(user.id))).resolves.toEqual(user)
      await expect(store().run(({ users }) => users.findByUsername(user.username ?? ''))).resolves.toEqual(user)
      await expect(store().run(({ users }) => users.findByEmail(user.email))).resolves.toEqual(user)
      await expect(store().run(({ users }) => users.findByUsername('nobody'))).resolves.toBeUndefined()
      await expect(store().run(({ users }) => users.findByEmail('nobody@example.com'))).resolves.toBeUndefined()
      await expect(store().run(({ users }) => users.findById('user-missing'))).resolves.toBeUndefined()
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

    it('updates a user, refusing a username another user has', async () => {
      const user = aUser()
      const other = aUser({ id: 'user-0000000000000def', username: 'grace' })
      await store().run(async ({ users }) => {
        await users.add(user)
        await users.add(other)
      })
      await store().run(({ users }) => users.update(user.suspend()))
      await expect(store().run(({ users }) => users.findById(user.id))).resolves.toMatchObject({ isSuspended: true })
      const renamed = aUser({ ...user, username: 'grace' })
      await expect(store().run(({ users }) => users.update(renamed))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'username' }],
      })
    })

    it('keeps placeholders (no username) for invited addresses, any number of them, listed last and found by address', async () => {
      const first = User.placeholder({ id: 'user-p1', email: 'first@invited.test', createdAt: minute(1) })
      const second = User.placeholder({ id: 'user-p2', email: 'second@invited.test', createdAt: minute(1) })
      await store().run(async ({ users }) => {
        await users.add(first)
        await users.add(aUser({ id: 'user-zed', username: 'zed', email: 'zed@x.test' }))
        await users.add(second)
      })
      await expect(store().run(({ users }) => users.findByEmail('second@invited.test'))).resolves.toEqual(second)
      const listed = await store().run(({ users }) => users.list({ page: PAGE }))
      expect(listed.items.map((user) => user.username)).toEqual(['zed', null, null])
      const searched = await store().run(({ users }) => users.list({ search: 'FIRST@', page: PAGE }))
      expect(searched.items).toEqual([first])
      const claimed = first.claim({ ...aUser(), username: 'ada', createdAt: minute(1) })
      await store().run(({ users }) => users.update(claimed))
      await expect(store().run(({ users }) => users.findByUsername('ada'))).resolves.toEqual(claimed)
    })

    it('keeps a password hash apart from the user, replaces it, and refuses one for a missing user', async () => {
      const user = aUser()
      await store().run(({ users }) => users.add(user))
      await expect(store().run(({ users }) => users.findPasswordHash(user.id))).resolves.toBeUndefined()
      await store().run(({ users }) => users.setPasswordHash(user.id, 'scrypt$first'))
      await store().run(({ users }) => users.setPasswordHash(user.id, 'scrypt$second'))
      await expect(store().run(({ users }) => users.findPasswordHash(user.id))).resolves.toBe('scrypt$second')
      await expect(store().run(({ users }) => users.findById(user.id))).resolves.toEqual(user)
      await expect(store().run(({ users }) => users.setPasswordHash('user-missing', 'scrypt$x'))).rejects.toMatchObject({
        code: 'not_found',
      })
      await store().run(({ users }) => users.remove(user.id))
      await expect(store().run(({ users }) => users.findPasswordHash(user.id))).resolves.toBeUndefined()
    })

    it('refuses to update a user it does not have with not_found', async () => {
      await expect(store().run(({ users }) => users.update(aUser()))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('removes a user with their tokens, sessions, memberships and team places, and nothing else', async () => {
      const [doomed, kept] = [aUser({ id: 'user-doomed', username: 'doomed' }), aUser({ id: 'user-kept', username: 'kept' })]
      await seedOrganizations(store(), 'acme')
      await store().run(async ({ users, tokens, sessions, memberships, teams, teamMembers }) => {
        await users.add(doomed)
        await users.add(kept)
        await tokens.add(aToken({ id: 'at-doomed', subjectId: doomed.id }))
        await tokens.add(aToken({ id: 'at-kept', subjectId: kept.id }))
        await sessions.add(aSession({ id: 'sess-doomed', userId: doomed.id }))
        await sessions.add(aSession({ id: 'sess-impersonated', userId: kept.id, impersonatorId: doomed.id, reason: 'x' }))
        await sessions.add(aSession({ id: 'sess-kept', userId: kept.id }))
        await memberships.add(aMembership({ id: 'ou-doomed', userId: doomed.id }))
        await memberships.add(aMembership({ id: 'ou-kept', userId: kept.id }))
        await teams.add(aTeam())
        await teamMembers.add(aTeam().id, doomed.id)
        await teamMembers.add(aTeam().id, kept.id)
      })

      await store().run(({ users }) => users.remove(doomed.id))

      const left = await store().run(async ({ users, tokens, sessions, memberships, teamMembers }) => ({
        user: await users.findById(doomed.id),
        token: await tokens.findById('at-doomed'),
        sessions: [await sessions.findById('sess-doomed'), await sessions.findById('sess-impersonated')],
        membership: await memberships.findById('ou-doomed'),
        members: await teamMembers.members(aTeam().id),
        kept: [await users.findById(kept.id), await tokens.findById('at-kept'), await sessions.findById('sess-kept')],
        keptMembership: await memberships.find('acme', kept.id),
      }))
      expect(left).toMatchObject({ user: undefined, token: undefined, sessions: [undefined, undefined], membership: undefined })
      expect(left.members).toEqual([kept])
      expect(left.kept.every((found) => found !== undefined)).toBe(true)
      expect(left.keptMembership?.id).toBe('ou-kept')
    })

    it('does nothing when asked to remove a user it does not have', async () => {
      await store().run(({ users }) => users.remove('user-missing'))
      await expect(store().run(({ users }) => users.list({ page: PAGE }))).resolves.toMatchObject({ total: 0 })
    })
  })

  userListContract(name, open)
}
