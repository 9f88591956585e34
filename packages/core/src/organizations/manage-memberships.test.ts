import { inMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'

const PAGE = { number: 1, size: 20 }

describe('ManageMemberships', () => {
  let cases: UseCases
  let owner: UserPrincipal
  let bob: UserPrincipal
  let carol: UserPrincipal

  const signUp = (username: string) => signUpUser(cases, username)

  async function memberIds(organizationName = 'acme'): Promise<string[]> {
    const page = await cases.memberships.list({ organizationName, page: PAGE }, OPERATOR)
    return page.items.map((membership) => membership.userId)
  }

  async function ownersTeamId(organizationName = 'acme'): Promise<string> {
    const { items } = await cases.teams.list({ organizationName, page: PAGE }, OPERATOR)
    return items.find((team) => team.name === 'owners')?.id ?? ''
  }

  beforeEach(async () => {
    cases = createUseCases(inMemoryDeps())
    owner = await signUp('olivia')
    bob = await signUp('bob')
    carol = await signUp('carol')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
  })

  describe('add', () => {
    it('an owner adds an existing user by e-mail address, in any case, who may then read the organization', async () => {
      const { membership, user } = await cases.memberships.add({ organizationName: 'acme', email: ' BOB@Example.com ' }, owner)
      expect(user.username).toBe('bob')
      expect(membership).toMatchObject({ organizationName: 'acme', userId: bob.user.id })
      expect(await memberIds()).toEqual([owner.user.id, bob.user.id])
      await expect(cases.organizations.show({ name: 'acme' }, bob)).resolves.toMatchObject({ name: 'acme' })
    })

    it('invalid on email for an address no user has', async () => {
      await expect(cases.memberships.add({ organizationName: 'acme', email: 'nobody@example.com' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'email' }],
      })
    })

    it('invalid on email for something that is not an e-mail address', async () => {
      await expect(cases.memberships.add({ organizationName: 'acme', email: 'bob' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'email' }],
      })
    })

    it('invalid on user for a user who is a member already', async () => {
      await cases.memberships.add({ organizationName: 'acme', email: 'bob@example.com' }, owner)
      await expect(cases.memberships.add({ organizationName: 'acme', email: 'bob@example.com' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'user' }],
      })
      expect(await memberIds()).toEqual([owner.user.id, bob.user.id])
    })

    it('a member who is not an owner, or a stranger, gets not_found', async () => {
      await cases.memberships.add({ organizationName: 'acme', email: 'bob@example.com' }, owner)
      await expect(cases.memberships.add({ organizationName: 'acme', email: 'carol@example.com' }, bob)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(cases.memberships.add({ organizationName: 'acme', email: 'carol@example.com' }, carol)).rejects.toMatchObject({
        code: 'not_found',
      })
      expect(await memberIds()).toEqual([owner.user.id, bob.user.id])
    })
  })

  describe('list and show', () => {
    it('members read the memberships; strangers get not_found', async () => {
      const { membership } = await cases.memberships.add({ organizationName: 'acme', email: 'bob@example.com' }, owner)
      await expect(cases.memberships.list({ organizationName: 'acme', page: PAGE }, bob)).resolves.toMatchObject({ total: 2 })
      await expect(cases.memberships.show({ id: membership.id }, bob)).resolves.toEqual(membership)
      await expect(cases.memberships.list({ organizationName: 'acme', page: PAGE }, carol)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(cases.memberships.show({ id: membership.id }, carol)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.memberships.show({ id: 'ou-missing' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('remove', () => {
    it('invalid on user for the only owner, who stays a member and an owner', async () => {
      const [membership] = (await cases.memberships.list({ organizationName: 'acme', page: PAGE }, owner)).items
      await expect(cases.memberships.remove({ id: membership?.id ?? '' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'user' }],
      })
      expect(await memberIds()).toEqual([owner.user.id])
      const { members } = await cases.teams.show({ id: await ownersTeamId() }, owner)
      expect(members.map((user) => user.username)).toEqual(['olivia'])
    })

    it('an owner may be removed while another owner remains', async () => {
      const { membership } = await cases.memberships.add({ organizationName: 'acme', email: 'bob@example.com' }, owner)
      await cases.teams.addMembers({ id: await ownersTeamId(), usernames: ['bob'] }, owner)
      await cases.memberships.remove({ id: membership.id }, owner)
      expect(await memberIds()).toEqual([owner.user.id])
      const { members } = await cases.teams.show({ id: await ownersTeamId() }, owner)
      expect(members.map((user) => user.username)).toEqual(['olivia'])
    })

    it("removing a member takes them off the organization's teams, and only that organization's", async () => {
      const { membership } = await cases.memberships.add({ organizationName: 'acme', email: 'bob@example.com' }, owner)
      const developers = await cases.teams.create({ organizationName: 'acme', name: 'developers', access: { manageModules: true } }, owner)
      await cases.teams.addMembers({ id: developers.id, usernames: ['bob'] }, owner)
      await cases.organizations.create({ name: 'beta', email: 'owners@beta.test' }, carol)
      await cases.memberships.add({ organizationName: 'beta', email: 'bob@example.com' }, carol)
      const betaTeam = await cases.teams.create({ organizationName: 'beta', name: 'developers' }, carol)
      await cases.teams.addMembers({ id: betaTeam.id, usernames: ['bob'] }, carol)

      await cases.memberships.remove({ id: membership.id }, owner)

      expect((await cases.teams.show({ id: developers.id }, owner)).members).toEqual([])
      await expect(cases.organizations.show({ name: 'acme' }, bob)).rejects.toMatchObject({ code: 'not_found' })
      expect((await cases.teams.show({ id: betaTeam.id }, carol)).members.map((user) => user.username)).toEqual(['bob'])
    })

    it('a member who is not an owner gets not_found and removes nobody', async () => {
      await cases.memberships.add({ organizationName: 'acme', email: 'bob@example.com' }, owner)
      const { membership } = await cases.memberships.add({ organizationName: 'acme', email: 'carol@example.com' }, owner)
      await expect(cases.memberships.remove({ id: membership.id }, bob)).rejects.toMatchObject({ code: 'not_found' })
      expect(await memberIds()).toEqual([owner.user.id, bob.user.id, carol.user.id])
    })

    it('not_found for a membership that does not exist', async () => {
      await expect(cases.memberships.remove({ id: 'ou-missing' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })
  })
})
