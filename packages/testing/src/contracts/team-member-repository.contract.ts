import { describe, expect, it } from 'vitest'
import { aTeam } from '../builders/builders.ts'
import { idsOf, seedOrganizations, seedUsers } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

/** Who is on which team: members, teams of a user, owners of organizations. */
export function teamMemberRepositoryContract(name: string, open: StoreHarness): void {
  describe(`TeamMemberRepository contract: ${name}`, () => {
    const store = useStore(open)

    /** Puts each user (by username) on the team with this id. */
    async function place(teamId: string, ...usernames: string[]): Promise<void> {
      await store().run(async ({ teamMembers }) => {
        for (const username of usernames) await teamMembers.add(teamId, `user-${username}`)
      })
    }

    async function seedTeams(...teams: [id: string, organizationName: string, name: string][]): Promise<void> {
      await store().run(async (repositories) => {
        for (const [id, organizationName, teamName] of teams) {
          await repositories.teams.add(aTeam({ id, organizationName, name: teamName }))
        }
      })
    }

    it('lists members ordered by username; adding twice and removing a non-member change nothing', async () => {
      await seedOrganizations(store(), 'acme')
      await seedUsers(store(), 'linus', 'Zed', 'ada', 'grace')
      await seedTeams(['team-1', 'acme', 'developers'])
      await place('team-1', 'linus', 'Zed', 'ada', 'ada')
      await store().run(async ({ teamMembers }) => {
        await teamMembers.remove('team-1', 'user-grace')
        await teamMembers.remove('team-missing', 'user-grace')
      })
      const members = await store().run(({ teamMembers }) => teamMembers.members('team-1'))
      expect(members.map((user) => user.username)).toEqual(['Zed', 'ada', 'linus'])
      expect(members[1]).toEqual(await store().run(({ users }) => users.findById('user-ada')))
      await store().run(({ teamMembers }) => teamMembers.remove('team-1', 'user-linus'))
      expect(idsOf(await store().run(({ teamMembers }) => teamMembers.members('team-1')))).toEqual(['user-Zed', 'user-ada'])
      await expect(store().run(({ teamMembers }) => teamMembers.members('team-missing'))).resolves.toEqual([])
    })

    it('refuses to put a user it does not have, or on a team it does not have, with not_found', async () => {
      await seedOrganizations(store(), 'acme')
      await seedUsers(store(), 'ada')
      await seedTeams(['team-1', 'acme', 'developers'])
      await expect(place('team-1', 'missing')).rejects.toMatchObject({ code: 'not_found' })
      await expect(place('team-missing', 'ada')).rejects.toMatchObject({ code: 'not_found' })
    })

    it('tells the teams of an organization a user is on, ordered by name', async () => {
      await seedOrganizations(store(), 'acme', 'globex')
      await seedUsers(store(), 'ada', 'grace')
      await seedTeams(['team-1', 'acme', 'ops'], ['team-2', 'acme', 'developers'], ['team-3', 'acme', 'owners'])
      await seedTeams(['team-4', 'globex', 'auditors'])
      await place('team-1', 'ada')
      await place('team-2', 'ada')
      await place('team-3', 'grace')
      await place('team-4', 'ada')
      const teamsOf = (organizationName: string, userId: string) =>
        store().run(({ teamMembers }) => teamMembers.teamsOf(organizationName, userId))
      expect((await teamsOf('acme', 'user-ada')).map((team) => team.name)).toEqual(['developers', 'ops'])
      expect(await teamsOf('globex', 'user-ada')).toEqual([aTeam({ id: 'team-4', organizationName: 'globex', name: 'auditors' })])
      await expect(teamsOf('globex', 'user-grace')).resolves.toEqual([])
    })

    it('tells the owners of each organization asked about, ordered by username', async () => {
      await seedOrganizations(store(), 'acme', 'globex', 'initech')
      await seedUsers(store(), 'ada', 'grace', 'linus')
      await seedTeams(['team-1', 'acme', 'owners'], ['team-2', 'acme', 'developers'], ['team-3', 'globex', 'owners'])
      await seedTeams(['team-4', 'initech', 'owners'])
      await place('team-1', 'linus', 'ada')
      await place('team-2', 'grace')
      await place('team-3', 'grace')
      const owners = await store().run(({ teamMembers }) => teamMembers.ownersOf(['acme', 'globex', 'initech', 'missing']))
      expect(new Map([...owners].map(([organization, users]) => [organization, idsOf(users)]))).toEqual(
        new Map([
          ['acme', ['user-ada', 'user-linus']],
          ['globex', ['user-grace']],
          ['initech', []],
          ['missing', []],
        ]),
      )
      expect(owners.get('globex')).toEqual([await store().run(({ users }) => users.findById('user-grace'))])
      await expect(store().run(({ teamMembers }) => teamMembers.ownersOf([]))).resolves.toEqual(new Map())
    })

    it('tells the organizations whose owners team has a user as its only member, ordered by name', async () => {
      await seedOrganizations(store(), 'acme', 'globex', 'initech', 'hooli')
      await seedUsers(store(), 'ada', 'grace')
      await seedTeams(['team-1', 'initech', 'owners'], ['team-2', 'globex', 'owners'], ['team-3', 'acme', 'owners'])
      await seedTeams(['team-4', 'hooli', 'owners'], ['team-5', 'hooli', 'developers'])
      await place('team-1', 'ada')
      await place('team-2', 'ada', 'grace')
      await place('team-3', 'ada')
      await place('team-4', 'grace')
      await place('team-5', 'ada')
      await expect(store().run(({ teamMembers }) => teamMembers.solelyOwnedBy('user-ada'))).resolves.toEqual(['acme', 'initech'])
      await expect(store().run(({ teamMembers }) => teamMembers.solelyOwnedBy('user-grace'))).resolves.toEqual(['hooli'])
      await expect(store().run(({ teamMembers }) => teamMembers.solelyOwnedBy('user-nobody'))).resolves.toEqual([])
    })
  })
}
