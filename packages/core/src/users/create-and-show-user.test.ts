import { aTeam, inMemoryDeps } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'

const PAGE = { number: 1, size: 20 }

describe('CreateUser and ShowUser', () => {
  let cases: UseCases
  let admin: UserPrincipal

  function asUser(user: UserPrincipal['user']): UserPrincipal {
    return { kind: 'user', user, credential: { kind: 'token', tokenId: 'at-0000000000000099' } }
  }

  async function userCount(): Promise<number> {
    return (await cases.adminUsers.list({ page: PAGE }, OPERATOR)).page.total
  }

  beforeEach(async () => {
    cases = createUseCases(inMemoryDeps())
    admin = asUser(await cases.createUser.execute({ username: 'ada', email: 'ada@example.com', isSiteAdmin: true }, OPERATOR))
  })

  describe('CreateUser', () => {
    it('creates an ordinary user by default', async () => {
      const user = await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, admin)
      expect(user).toMatchObject({
        username: 'bob',
        email: 'bob@example.com',
        isSiteAdmin: false,
        isSuspended: false,
        isServiceAccount: false,
        twoFactorEnabled: false,
      })
      expect(user.id).toMatch(/^user-/)
      await expect(cases.showUser.execute({ id: user.id }, admin)).resolves.toEqual(user)
    })

    it('stores the e-mail address trimmed and in lower case', async () => {
      const user = await cases.createUser.execute({ username: 'bob', email: ' Bob@EXAMPLE.com ' }, admin)
      expect(user.email).toBe('bob@example.com')
    })

    it('creates administrators and service accounts', async () => {
      await expect(
        cases.createUser.execute({ username: 'carol', email: 'c@example.com', isSiteAdmin: true }, admin),
      ).resolves.toMatchObject({
        isSiteAdmin: true,
      })
      await expect(
        cases.createUser.execute({ username: 'robot', email: 'r@example.com', isServiceAccount: true }, admin),
      ).resolves.toMatchObject({ isServiceAccount: true, isSiteAdmin: false })
    })

    it('invalid on isAdmin for a service account that would be an administrator', async () => {
      await expect(
        cases.createUser.execute({ username: 'robot', email: 'r@example.com', isServiceAccount: true, isSiteAdmin: true }, admin),
      ).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'isAdmin' }] })
      expect(await userCount()).toBe(1)
    })

    it('invalid on username for a username that is taken', async () => {
      await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, admin)
      await expect(cases.createUser.execute({ username: 'bob', email: 'other@example.com' }, admin)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'username' }],
      })
    })

    it('invalid on email for an address that is taken, whatever its case', async () => {
      await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, admin)
      await expect(cases.createUser.execute({ username: 'robert', email: 'BOB@example.COM' }, admin)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'email' }],
      })
      expect(await userCount()).toBe(2)
    })

    it("records 'user.created' by whoever created the user", async () => {
      const user = await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, admin)
      const { items } = await cases.auditEvents.execute(PAGE, OPERATOR)
      expect(items[0]).toMatchObject({ type: 'user.created', actorId: admin.user.id, targetId: user.id })
      expect(items[1]).toMatchObject({ type: 'user.created', actorId: null })
    })

    it('not_found for a client who is not an administrator', async () => {
      const bob = asUser(await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, admin))
      const clients: Principal[] = [bob, { kind: 'team', team: aTeam(), tokenId: 'at-0000000000000091' }]
      for (const client of clients) {
        await expect(cases.createUser.execute({ username: 'eve', email: 'eve@example.com' }, client)).rejects.toMatchObject({
          code: 'not_found',
        })
      }
      expect(await userCount()).toBe(2)
    })
  })

  describe('ShowUser', () => {
    it('a user sees themselves; administrators and the operator see anyone', async () => {
      const bob = await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, admin)
      for (const principal of [asUser(bob), admin, OPERATOR]) {
        await expect(cases.showUser.execute({ id: bob.id }, principal)).resolves.toEqual(bob)
      }
    })

    it('not_found for another user, and for a user who does not exist', async () => {
      const bob = await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, admin)
      await expect(cases.showUser.execute({ id: admin.user.id }, asUser(bob))).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.showUser.execute({ id: 'user-missing' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })
  })
})
