import { addMember, inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import type { User } from './user.ts'

const PAGE = { number: 1, size: 20 }

/** The outcome as a promise, even when the call throws before returning one (a bug: see admin-user-actions.test.ts). */
function settle<T>(call: () => Promise<T>): Promise<T> {
  return Promise.resolve().then(call)
}

describe('AdminUsers.list and AdminUsers.remove (spec §4.3)', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let admin: UserPrincipal
  let bob: UserPrincipal
  let carol: User
  let dave: UserPrincipal

  const signUp = (username: string, email = `${username}@example.com`, isSiteAdmin = false) =>
    signUpUser(cases, username, { email, isSiteAdmin })

  async function usernames(query: Partial<Parameters<UseCases['adminUsers']['list']>[0]>, principal: Principal = admin) {
    const { page } = await cases.adminUsers.list({ page: PAGE, ...query }, principal)
    return page.items.map((user) => user.username)
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    admin = await signUp('ada', 'ada@example.com', true)
    bob = await signUp('bob', 'robert@Work.test')
    carol = (await signUp('carol', 'carol@example.com', true)).user
    dave = await signUp('dave')
    await cases.adminUsers.act({ userId: bob.user.id, action: 'suspend' }, admin)
  })

  describe('list', () => {
    it('lists every user by username, with the counts of the whole site', async () => {
      const { page, statusCounts, organizations } = await cases.adminUsers.list({ page: PAGE }, admin)
      expect(page.items.map((user) => user.username)).toEqual(['ada', 'bob', 'carol', 'dave'])
      expect(page.total).toBe(4)
      expect(statusCounts).toEqual({ total: 4, suspended: 1, admin: 2 })
      expect(organizations).toBeUndefined()
    })

    it('filter[admin] keeps administrators or the others', async () => {
      expect(await usernames({ isSiteAdmin: true })).toEqual(['ada', 'carol'])
      expect(await usernames({ isSiteAdmin: false })).toEqual(['bob', 'dave'])
    })

    it('filter[suspended] keeps suspended users or the others', async () => {
      expect(await usernames({ isSuspended: true })).toEqual(['bob'])
      expect(await usernames({ isSuspended: false })).toEqual(['ada', 'carol', 'dave'])
    })

    it('q searches usernames and e-mail addresses, ignoring case', async () => {
      expect(await usernames({ search: 'WORK' })).toEqual(['bob'])
      expect(await usernames({ search: 'Car' })).toEqual(['carol'])
      expect(await usernames({ search: 'example.com' })).toEqual(['ada', 'carol', 'dave'])
    })

    it('filters combine, while the status counts stay those of the whole site', async () => {
      const { page, statusCounts } = await cases.adminUsers.list({ page: PAGE, search: 'a', isSiteAdmin: false }, admin)
      expect(page.items.map((user) => user.username)).toEqual(['dave'])
      expect(statusCounts).toEqual({ total: 4, suspended: 1, admin: 2 })
    })

    it('pages through the users', async () => {
      const { page } = await cases.adminUsers.list({ page: { number: 2, size: 3 } }, admin)
      expect(page).toMatchObject({ items: [{ username: 'dave' }], total: 4, request: { number: 2, size: 3 } })
    })

    it('include=organizations gives the organizations of each listed user, by name', async () => {
      await cases.organizations.create({ name: 'zeta', email: 'z@zeta.test' }, admin)
      await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, admin)
      await addMember(cases, { organizationName: 'acme', email: 'dave@example.com' }, admin)
      const { organizations } = await cases.adminUsers.list({ page: PAGE, includeOrganizations: true }, admin)
      expect(organizations?.get(admin.user.id)).toEqual(['acme', 'zeta'])
      expect(organizations?.get(dave.user.id)).toEqual(['acme'])
      expect(organizations?.get(carol.id) ?? []).toEqual([])
    })

    it('not_found for a client who is not an administrator', async () => {
      await expect(settle(() => cases.adminUsers.list({ page: PAGE }, dave))).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('remove', () => {
    it("deletes the user and their tokens, and records 'user.deleted' by the administrator", async () => {
      const { bearer } = await cases.userTokens.create.execute({ user: { id: carol.id } }, OPERATOR)
      await cases.adminUsers.remove({ userId: carol.id }, admin)
      await expect(cases.showUser.execute({ id: carol.id }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.authenticateToken.execute(bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
      const { items } = await cases.auditEvents.execute(PAGE, OPERATOR)
      expect(items[0]).toMatchObject({ type: 'user.deleted', actorId: admin.user.id, targetId: carol.id })
    })

    it('invalid on user for the sole owner of organizations, naming each, and deletes nothing', async () => {
      await cases.organizations.create({ name: 'beta', email: 'b@beta.test' }, dave)
      await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, dave)
      const error: unknown = await cases.adminUsers.remove({ userId: dave.user.id }, admin).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'invalid', fields: [{ field: 'user', message: expect.stringMatching(/acme, beta/) }] })
      await expect(cases.showUser.execute({ id: dave.user.id }, OPERATOR)).resolves.toMatchObject({ username: 'dave' })
      expect((await cases.auditEvents.execute(PAGE, OPERATOR)).items.map((event) => event.type)).not.toContain('user.deleted')
    })

    it('deletes an owner who shares ownership; the organization keeps its other owner', async () => {
      await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, admin)
      await addMember(cases, { organizationName: 'acme', email: 'carol@example.com' }, admin)
      const { items } = await cases.teams.list({ organizationName: 'acme', page: PAGE }, admin)
      await cases.teams.addMembers({ id: items[0]?.id ?? '', usernames: ['carol'] }, admin)
      await cases.adminUsers.remove({ userId: admin.user.id }, OPERATOR)
      const { members } = await cases.teams.show({ id: items[0]?.id ?? '' }, OPERATOR)
      expect(members.map((user) => user.username)).toEqual(['carol'])
    })

    it('not_found for a user who does not exist, and for a client who is not an administrator', async () => {
      await expect(cases.adminUsers.remove({ userId: 'user-missing' }, admin)).rejects.toMatchObject({ code: 'not_found' })
      await expect(settle(() => cases.adminUsers.remove({ userId: carol.id }, dave))).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.showUser.execute({ id: carol.id }, OPERATOR)).resolves.toBeDefined()
    })
  })
})
