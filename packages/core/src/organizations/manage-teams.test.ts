import { addMember, inMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import type { Team } from './team.ts'

const PAGE = { number: 1, size: 20 }

describe('ManageTeams', () => {
  let cases: UseCases
  let owner: UserPrincipal
  let bob: UserPrincipal
  let owners: Team

  const signUp = (username: string) => signUpUser(cases, username)

  async function membersOf(team: Team): Promise<(string | null)[]> {
    return (await cases.teams.show({ id: team.id }, OPERATOR)).members.map((user) => user.username)
  }

  async function stored(team: Team): Promise<Team> {
    return (await cases.teams.show({ id: team.id }, OPERATOR)).team
  }

  beforeEach(async () => {
    cases = createUseCases(inMemoryDeps())
    owner = await signUp('olivia')
    bob = await signUp('bob')
    await signUp('carol')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, owner)
    const [first] = (await cases.teams.list({ organizationName: 'acme', page: PAGE }, owner)).items
    if (first === undefined) throw new Error('an organization has an owners team')
    owners = first
  })

  describe('create', () => {
    it('a new team may do nothing beyond reading unless told', async () => {
      const team = await cases.teams.create({ organizationName: 'acme', name: 'readers' }, owner)
      expect(team).toMatchObject({ organizationName: 'acme', name: 'readers', access: { manageModules: false, manageWorkspaces: false } })
      expect(await stored(team)).toEqual(team)
    })

    it('keeps the access it is given and defaults the rest to false', async () => {
      const team = await cases.teams.create({ organizationName: 'acme', name: 'ci', access: { manageModules: true } }, owner)
      expect(team.access).toEqual({ manageModules: true, manageWorkspaces: false })
    })

    it('lets its members manage its token unless told otherwise (the real API default), and keeps that through changes', async () => {
      const open = await cases.teams.create({ organizationName: 'acme', name: 'open' }, owner)
      expect(open.allowMemberTokenManagement).toBe(true)
      const closed = await cases.teams.create({ organizationName: 'acme', name: 'closed', allowMemberTokenManagement: false }, owner)
      expect(await stored(closed)).toMatchObject({ allowMemberTokenManagement: false })
      await expect(cases.teams.update({ id: closed.id, name: 'shut' }, owner)).resolves.toMatchObject({ allowMemberTokenManagement: false })
      await expect(cases.teams.update({ id: open.id, allowMemberTokenManagement: false }, owner)).resolves.toMatchObject({
        allowMemberTokenManagement: false,
      })
    })

    it('invalid on name when the organization has a team so named, the owners team included', async () => {
      await cases.teams.create({ organizationName: 'acme', name: 'ci' }, owner)
      for (const name of ['ci', 'owners']) {
        await expect(cases.teams.create({ organizationName: 'acme', name }, owner)).rejects.toMatchObject({
          code: 'invalid',
          fields: [{ field: 'name' }],
        })
      }
      expect((await cases.teams.list({ organizationName: 'acme', page: PAGE }, owner)).total).toBe(2)
    })

    it('invalid on name for a malformed name', async () => {
      await expect(cases.teams.create({ organizationName: 'acme', name: 'bad name' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
    })
  })

  describe('the owners team', () => {
    it('cannot be deleted', async () => {
      await expect(cases.teams.remove({ id: owners.id }, owner)).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'name' }] })
      expect(await stored(owners)).toEqual(owners)
    })

    it('cannot be renamed', async () => {
      await expect(cases.teams.update({ id: owners.id, name: 'admins' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
      expect(await stored(owners)).toEqual(owners)
    })

    it.each([{ manageModules: false }, { manageWorkspaces: false }])('cannot be restricted (%o)', async (access) => {
      await expect(cases.teams.update({ id: owners.id, access }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'access' }],
      })
      expect(await stored(owners)).toEqual(owners)
    })

    it('names both refusals when renamed and restricted at once', async () => {
      await expect(cases.teams.update({ id: owners.id, name: 'x', access: { manageModules: false } }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }, { field: 'access' }],
      })
    })

    it('cannot be emptied: its last member stays', async () => {
      await expect(cases.teams.removeMembers({ id: owners.id, usernames: ['olivia'] }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'users' }],
      })
      expect(await membersOf(owners)).toEqual(['olivia'])
    })

    it('may change hands: a new owner is added, then the old one removed', async () => {
      await cases.teams.addMembers({ id: owners.id, usernames: ['bob'] }, owner)
      await cases.teams.removeMembers({ id: owners.id, usernames: ['olivia'] }, owner)
      expect(await membersOf(owners)).toEqual(['bob'])
      await expect(cases.teams.create({ organizationName: 'acme', name: 'ci' }, bob)).resolves.toBeDefined()
      await expect(cases.teams.create({ organizationName: 'acme', name: 'cd' }, owner)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('other teams', () => {
    let ci: Team

    beforeEach(async () => {
      ci = await cases.teams.create({ organizationName: 'acme', name: 'ci', access: { manageWorkspaces: true } }, owner)
    })

    it('are renamed and given access, keeping the access left out', async () => {
      const updated = await cases.teams.update({ id: ci.id, name: 'deploy', access: { manageModules: true } }, owner)
      expect(updated).toMatchObject({ name: 'deploy', access: { manageModules: true, manageWorkspaces: true } })
      expect(await stored(ci)).toEqual(updated)
    })

    it('are deleted', async () => {
      await cases.teams.remove({ id: ci.id }, owner)
      await expect(cases.teams.show({ id: ci.id }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('take members of the organization and lose them again', async () => {
      await cases.teams.addMembers({ id: ci.id, usernames: ['bob', 'olivia'] }, owner)
      expect(await membersOf(ci)).toEqual(['bob', 'olivia'])
      await cases.teams.removeMembers({ id: ci.id, usernames: ['bob', 'olivia'] }, owner)
      expect(await membersOf(ci)).toEqual([])
    })

    it('refuse users who are not members of the organization, naming each, and add nobody', async () => {
      await expect(cases.teams.addMembers({ id: ci.id, usernames: ['carol', 'bob', 'nobody'] }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [
          { field: 'users', message: expect.stringContaining('carol') },
          { field: 'users', message: expect.stringContaining('nobody') },
        ],
      })
      expect(await membersOf(ci)).toEqual([])
    })
  })

  describe('readers and owners', () => {
    it('members read teams and their members', async () => {
      await expect(cases.teams.list({ organizationName: 'acme', page: PAGE }, bob)).resolves.toMatchObject({ total: 1 })
      await expect(cases.teams.show({ id: owners.id }, bob)).resolves.toMatchObject({ team: { name: 'owners' } })
    })

    it('members who are not owners get not_found for every change', async () => {
      const ci = await cases.teams.create({ organizationName: 'acme', name: 'ci' }, owner)
      const attempts = [
        () => cases.teams.create({ organizationName: 'acme', name: 'mine' }, bob),
        () => cases.teams.update({ id: ci.id, access: { manageModules: true } }, bob),
        () => cases.teams.remove({ id: ci.id }, bob),
        () => cases.teams.addMembers({ id: owners.id, usernames: ['bob'] }, bob),
        () => cases.teams.removeMembers({ id: owners.id, usernames: ['olivia'] }, bob),
      ]
      for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: 'not_found' })
      expect(await stored(ci)).toEqual(ci)
      expect(await membersOf(owners)).toEqual(['olivia'])
    })

    it('strangers get not_found even for reading, and so does an unknown team', async () => {
      const carol = await cases.authenticateToken.execute(
        (await cases.userTokens.create.execute({ user: { username: 'carol' } }, OPERATOR)).bearer,
      )
      await expect(cases.teams.list({ organizationName: 'acme', page: PAGE }, carol)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.teams.show({ id: owners.id }, carol)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.teams.show({ id: 'team-missing' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })
  })
})
