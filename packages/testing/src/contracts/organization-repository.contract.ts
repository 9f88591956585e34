import { describe, expect, it } from 'vitest'
import { aMembership, anOrganization, aRun, aTeam, aToken, aUser, aWorkspace } from '../builders/builders.ts'
import { PAGE, seedOrganizations, seedUsers } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function organizationRepositoryContract(name: string, open: StoreHarness): void {
  describe(`OrganizationRepository contract: ${name}`, () => {
    const store = useStore(open)

    async function names(query: { memberUserId?: string; page?: { number: number; size: number } }) {
      const page = await store().run(({ organizations }) => organizations.list({ ...query, page: query.page ?? PAGE }))
      return { total: page.total, names: page.items.map((organization) => organization.name) }
    }

    it('stores an organization with its external id and settings, and finds it by name', async () => {
      const organization = anOrganization({
        email: 'Owners+acme@acme.test',
        externalId: 'org-AbC123xyz0000001',
        speculativePlanManagementEnabled: false,
      })
      await store().run(({ organizations }) => organizations.add(organization))
      await expect(store().run(({ organizations }) => organizations.findByName('acme'))).resolves.toEqual(organization)
      await expect(store().run(({ organizations }) => organizations.findByName('ACME'))).resolves.toBeUndefined()
    })

    it('refuses a taken name with invalid on name', async () => {
      await seedOrganizations(store(), 'acme')
      await expect(store().run(({ organizations }) => organizations.add(anOrganization()))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
    })

    it('updates an organization, and refuses one it does not have with not_found', async () => {
      await seedOrganizations(store(), 'acme')
      const changed = anOrganization({ email: 'new@acme.test', speculativePlanManagementEnabled: false })
      await store().run(({ organizations }) => organizations.update(changed))
      await expect(store().run(({ organizations }) => organizations.findByName('acme'))).resolves.toEqual(changed)
      const missing = anOrganization({ name: 'missing' })
      await expect(store().run(({ organizations }) => organizations.update(missing))).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('finds the organizations it has of several names', async () => {
      await seedOrganizations(store(), 'acme', 'globex', 'initech')
      const found = await store().run(({ organizations }) => organizations.findByNames(['initech', 'missing', 'acme']))
      expect(found.map((organization) => organization.name).sort()).toEqual(['acme', 'initech'])
      await expect(store().run(({ organizations }) => organizations.findByNames([]))).resolves.toEqual([])
    })

    it('lists all organizations ordered by name, paged, with the total', async () => {
      await seedOrganizations(store(), 'initech', 'acme', 'Zeta', 'globex')
      await expect(names({})).resolves.toEqual({ total: 4, names: ['Zeta', 'acme', 'globex', 'initech'] })
      await expect(names({ page: { number: 2, size: 3 } })).resolves.toEqual({ total: 4, names: ['initech'] })
    })

    it("lists a member's organizations only", async () => {
      await seedOrganizations(store(), 'initech', 'acme', 'globex', 'hooli')
      await seedUsers(store(), 'ada', 'grace')
      await store().run(async ({ memberships }) => {
        for (const [id, organizationName, userId] of [
          ['ou-1', 'initech', 'user-ada'],
          ['ou-2', 'acme', 'user-ada'],
          ['ou-3', 'hooli', 'user-ada'],
          ['ou-4', 'globex', 'user-grace'],
        ] as const) {
          await memberships.add(aMembership({ id, organizationName, userId }))
        }
      })
      await expect(names({ memberUserId: 'user-ada' })).resolves.toEqual({ total: 3, names: ['acme', 'hooli', 'initech'] })
      const second = { memberUserId: 'user-ada', page: { number: 2, size: 2 } }
      await expect(names(second)).resolves.toEqual({ total: 3, names: ['initech'] })
      await expect(names({ memberUserId: 'user-nobody' })).resolves.toEqual({ total: 0, names: [] })
    })

    it('removes an organization with everything in it, and nothing of another', async () => {
      await seedOrganizations(store(), 'acme', 'globex')
      const user = aUser()
      await store().run(async ({ users, memberships, teams, teamMembers, tokens, workspaces, runs }) => {
        await users.add(user)
        for (const organizationName of ['acme', 'globex']) {
          const teamId = `team-${organizationName}`
          const workspaceId = `ws-${organizationName}`
          await memberships.add(aMembership({ id: `ou-${organizationName}`, organizationName, userId: user.id }))
          await teams.add(aTeam({ id: teamId, organizationName }))
          await teamMembers.add(teamId, user.id)
          await tokens.add(aToken({ id: `at-team-${organizationName}`, kind: 'team', subjectId: teamId }))
          await tokens.add(aToken({ id: `at-org-${organizationName}`, kind: 'organization', subjectId: organizationName }))
          await workspaces.add(aWorkspace({ id: workspaceId, organizationName }))
          await runs.add(aRun({ id: `run-${organizationName}`, workspaceId }))
        }
        await tokens.add(aToken({ id: 'at-user', subjectId: user.id }))
      })

      await store().run(({ organizations }) => organizations.remove('acme'))

      const what = (organizationName: string) =>
        store().run(async ({ organizations, memberships, teams, teamMembers, tokens, workspaces, runs }) => ({
          organization: await organizations.findByName(organizationName),
          membership: await memberships.find(organizationName, user.id),
          team: await teams.findById(`team-${organizationName}`),
          teamsOfUser: await teamMembers.teamsOf(organizationName, user.id),
          teamToken: await tokens.findById(`at-team-${organizationName}`),
          organizationToken: await tokens.findById(`at-org-${organizationName}`),
          workspace: await workspaces.findById(`ws-${organizationName}`),
          run: await runs.findById(`run-${organizationName}`),
        }))
      const gone = await what('acme')
      expect(Object.values(gone).filter((found) => found !== undefined && !Array.isArray(found))).toEqual([])
      expect(gone.teamsOfUser).toEqual([])
      const kept = await what('globex')
      expect(Object.values(kept).filter((found) => found === undefined)).toEqual([])
      expect(kept.teamsOfUser).toHaveLength(1)
      await expect(store().run(({ users }) => users.findById(user.id))).resolves.toEqual(user)
      await expect(store().run(({ tokens }) => tokens.findById('at-user'))).resolves.toBeDefined()
    })

    it('does nothing when asked to remove an organization it does not have', async () => {
      await store().run(({ organizations }) => organizations.remove('missing'))
      await expect(names({})).resolves.toEqual({ total: 0, names: [] })
    })
  })
}
