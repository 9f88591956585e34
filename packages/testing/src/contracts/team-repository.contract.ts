import { describe, expect, it } from 'vitest'
import { aTeam, aToken } from '../builders/builders.ts'
import { idsOf, PAGE, seedOrganizations, seedUsers } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function teamRepositoryContract(name: string, open: StoreHarness): void {
  describe(`TeamRepository contract: ${name}`, () => {
    const store = useStore(open)
    const team = aTeam({ name: 'developers', access: { manageModules: true, manageWorkspaces: false } })

    it('stores a team and finds it by id and by organization and name', async () => {
      await seedOrganizations(store(), 'acme', 'globex')
      await store().run(({ teams }) => teams.add(team))
      await expect(store().run(({ teams }) => teams.findById(team.id))).resolves.toEqual(team)
      await expect(store().run(({ teams }) => teams.findByName('acme', 'developers'))).resolves.toEqual(team)
      await expect(store().run(({ teams }) => teams.findByName('globex', 'developers'))).resolves.toBeUndefined()
      await expect(store().run(({ teams }) => teams.findById('team-missing'))).resolves.toBeUndefined()
    })

    it('refuses a second team of one name in an organization, not in another', async () => {
      await seedOrganizations(store(), 'acme', 'globex')
      await store().run(({ teams }) => teams.add(team))
      await expect(store().run(({ teams }) => teams.add({ ...team, id: 'team-2' }))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
      await store().run(({ teams }) => teams.add({ ...team, id: 'team-3', organizationName: 'globex' }))
      await expect(store().run(({ teams }) => teams.findByName('globex', 'developers'))).resolves.toBeDefined()
    })

    it('refuses a team of an organization it does not have with not_found', async () => {
      const orphan = aTeam({ organizationName: 'missing' })
      await expect(store().run(({ teams }) => teams.add(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('updates a team, refusing a name another team of the organization has', async () => {
      await seedOrganizations(store(), 'acme')
      await store().run(async ({ teams }) => {
        await teams.add(team)
        await teams.add(aTeam({ id: 'team-owners' }))
      })
      const renamed = {
        ...team,
        name: 'platform',
        access: { manageModules: false, manageWorkspaces: true },
        allowMemberTokenManagement: false,
      }
      await store().run(({ teams }) => teams.update(renamed))
      await expect(store().run(({ teams }) => teams.findById(team.id))).resolves.toEqual(renamed)
      await expect(store().run(({ teams }) => teams.update({ ...team, name: 'owners' }))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
      const missing = aTeam({ id: 'team-missing' })
      await expect(store().run(({ teams }) => teams.update(missing))).rejects.toMatchObject({ code: 'not_found' })
    })

    it("lists an organization's teams ordered by name, paged, with the total", async () => {
      await seedOrganizations(store(), 'acme', 'globex')
      await store().run(async ({ teams }) => {
        for (const [id, name] of [
          ['team-1', 'owners'],
          ['team-2', 'Zeta'],
          ['team-3', 'developers'],
          ['team-4', 'ops'],
        ] as const) {
          await teams.add(aTeam({ id, name }))
        }
        await teams.add(aTeam({ id: 'team-other', organizationName: 'globex', name: 'auditors' }))
      })
      const names = async (page: typeof PAGE) => {
        const listed = await store().run(({ teams }) => teams.listByOrganization('acme', page))
        return { total: listed.total, names: listed.items.map((each) => each.name) }
      }
      await expect(names(PAGE)).resolves.toEqual({ total: 4, names: ['Zeta', 'developers', 'ops', 'owners'] })
      await expect(names({ number: 2, size: 3 })).resolves.toEqual({ total: 4, names: ['owners'] })
    })

    it('removes a team with its members and its tokens, and nothing of another team', async () => {
      await seedOrganizations(store(), 'acme')
      await seedUsers(store(), 'ada')
      const other = aTeam({ id: 'team-other', name: 'other' })
      await store().run(async ({ teams, teamMembers, tokens }) => {
        for (const each of [team, other]) {
          await teams.add(each)
          await teamMembers.add(each.id, 'user-ada')
          await tokens.add(aToken({ id: `at-${each.id}`, kind: 'team', subjectId: each.id }))
        }
      })

      await store().run(({ teams }) => teams.remove(team.id))

      const left = await store().run(async ({ teams, teamMembers, tokens, users }) => ({
        team: await teams.findById(team.id),
        token: await tokens.findById(`at-${team.id}`),
        teamsOfAda: idsOf(await teamMembers.teamsOf('acme', 'user-ada')),
        otherMembers: idsOf(await teamMembers.members(other.id)),
        otherToken: (await tokens.findById(`at-${other.id}`))?.id,
        ada: (await users.findById('user-ada'))?.id,
      }))
      expect(left).toEqual({
        team: undefined,
        token: undefined,
        teamsOfAda: [other.id],
        otherMembers: ['user-ada'],
        otherToken: `at-${other.id}`,
        ada: 'user-ada',
      })
      await store().run(({ teams }) => teams.remove('team-missing'))
    })
  })
}
