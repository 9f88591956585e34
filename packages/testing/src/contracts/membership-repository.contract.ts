import { describe, expect, it } from 'vitest'
import { aMembership, aTeam } from '../builders/builders.ts'
import { idsOf, minute, PAGE, seedOrganizations, seedUsers } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function membershipRepositoryContract(name: string, open: StoreHarness): void {
  describe(`MembershipRepository contract: ${name}`, () => {
    const store = useStore(open)
    const membership = aMembership({ userId: 'user-ada', createdAt: minute(1) })

    async function seed(): Promise<void> {
      await seedOrganizations(store(), 'acme', 'globex', 'initech')
      await seedUsers(store(), 'ada', 'grace', 'linus')
    }

    it('stores a membership and finds it by id and by organization and user', async () => {
      await seed()
      await store().run(({ memberships }) => memberships.add(membership))
      await expect(store().run(({ memberships }) => memberships.findById(membership.id))).resolves.toEqual(membership)
      await expect(store().run(({ memberships }) => memberships.find('acme', 'user-ada'))).resolves.toEqual(membership)
      await expect(store().run(({ memberships }) => memberships.find('globex', 'user-ada'))).resolves.toBeUndefined()
      await expect(store().run(({ memberships }) => memberships.find('acme', 'user-grace'))).resolves.toBeUndefined()
      await expect(store().run(({ memberships }) => memberships.findById('ou-missing'))).resolves.toBeUndefined()
    })

    it('refuses a second membership of the same user with invalid on user', async () => {
      await seed()
      await store().run(({ memberships }) => memberships.add(membership))
      const again = aMembership({ id: 'ou-again', userId: 'user-ada' })
      await expect(store().run(({ memberships }) => memberships.add(again))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'user' }],
      })
    })

    it('refuses a membership of an organization or a user it does not have with not_found', async () => {
      await seed()
      const noOrganization = aMembership({ organizationName: 'missing', userId: 'user-ada' })
      await expect(store().run(({ memberships }) => memberships.add(noOrganization))).rejects.toMatchObject({
        code: 'not_found',
      })
      const noUser = aMembership({ userId: 'user-missing' })
      await expect(store().run(({ memberships }) => memberships.add(noUser))).rejects.toMatchObject({ code: 'not_found' })
    })

    it("lists an organization's memberships oldest first, paged, with the total", async () => {
      await seed()
      await store().run(async ({ memberships }) => {
        await memberships.add(aMembership({ id: 'ou-3', userId: 'user-ada', createdAt: minute(3) }))
        await memberships.add(aMembership({ id: 'ou-1', userId: 'user-grace', createdAt: minute(1) }))
        await memberships.add(aMembership({ id: 'ou-2', userId: 'user-linus', createdAt: minute(2) }))
        await memberships.add(aMembership({ id: 'ou-other', organizationName: 'globex', userId: 'user-ada' }))
      })
      const list = (page: typeof PAGE) =>
        store().run(({ memberships }) => memberships.listByOrganization({ organizationName: 'acme', page }))
      const all = await list(PAGE)
      expect({ total: all.total, ids: idsOf(all.items) }).toEqual({ total: 3, ids: ['ou-1', 'ou-2', 'ou-3'] })
      const second = await list({ number: 2, size: 2 })
      expect({ total: second.total, ids: idsOf(second.items) }).toEqual({ total: 3, ids: ['ou-3'] })
    })

    it('stores an invitation with its address, shown user id and teams, and updates it on accepting', async () => {
      await seed()
      const invitation = aMembership({
        userId: 'user-ada',
        status: 'invited',
        email: 'ada@invited.test',
        invitedUserId: 'user-shown',
        invitedTeamIds: ['team-1', 'team-2'],
      })
      await store().run(({ memberships }) => memberships.add(invitation))
      await expect(store().run(({ memberships }) => memberships.findById(invitation.id))).resolves.toEqual(invitation)
      const accepted = { ...invitation, status: 'active' as const, invitedUserId: 'user-ada', invitedTeamIds: [] }
      await store().run(({ memberships }) => memberships.update(accepted))
      await expect(store().run(({ memberships }) => memberships.find('acme', 'user-ada'))).resolves.toEqual(accepted)
      await expect(store().run(({ memberships }) => memberships.update(aMembership({ id: 'ou-missing' })))).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it("filters an organization's memberships by status, addresses and a search of address or active member's username", async () => {
      await seed()
      await store().run(async ({ memberships }) => {
        await memberships.add(aMembership({ id: 'ou-1', userId: 'user-ada', email: 'first@x.test', createdAt: minute(1) }))
        await memberships.add(
          aMembership({ id: 'ou-2', userId: 'user-grace', status: 'invited', email: 'second@x.test', createdAt: minute(2) }),
        )
        await memberships.add(
          aMembership({ id: 'ou-3', userId: 'user-linus', status: 'invited', email: 'Third@x.test', createdAt: minute(3) }),
        )
        await memberships.add(aMembership({ id: 'ou-other', organizationName: 'globex', userId: 'user-grace', status: 'invited' }))
      })
      const ids = async (query: object) =>
        idsOf([
          ...(await store().run(({ memberships }) => memberships.listByOrganization({ organizationName: 'acme', page: PAGE, ...query })))
            .items,
        ])
      expect(await ids({ status: 'invited' })).toEqual(['ou-2', 'ou-3'])
      expect(await ids({ status: 'active' })).toEqual(['ou-1'])
      expect(await ids({ emails: ['first@x.test', 'second@x.test'] })).toEqual(['ou-1', 'ou-2'])
      expect(await ids({ search: 'THIRD' })).toEqual(['ou-3'])
      // ada is active (found by username); grace is invited (her username is not searched).
      expect(await ids({ search: 'ada' })).toEqual(['ou-1'])
      expect(await ids({ search: 'grace' })).toEqual([])
      expect(await ids({ status: 'invited', search: 'x.test' })).toEqual(['ou-2', 'ou-3'])
    })

    it("lists one user's memberships and invitations, oldest first", async () => {
      await seed()
      await store().run(async ({ memberships }) => {
        await memberships.add(
          aMembership({ id: 'ou-2', organizationName: 'globex', userId: 'user-ada', status: 'invited', createdAt: minute(2) }),
        )
        await memberships.add(aMembership({ id: 'ou-1', organizationName: 'acme', userId: 'user-ada', createdAt: minute(1) }))
        await memberships.add(aMembership({ id: 'ou-3', organizationName: 'acme', userId: 'user-grace', createdAt: minute(3) }))
      })
      const own = await store().run(({ memberships }) => memberships.listByUser('user-ada'))
      expect(idsOf(own)).toEqual(['ou-1', 'ou-2'])
      await expect(store().run(({ memberships }) => memberships.listByUser('user-nobody'))).resolves.toEqual([])
    })

    it('tells the organizations each user is an active member of, ordered by name', async () => {
      await seed()
      await store().run(async ({ memberships }) => {
        await memberships.add(aMembership({ id: 'ou-0', organizationName: 'globex', userId: 'user-linus', status: 'invited' }))
        await memberships.add(aMembership({ id: 'ou-1', organizationName: 'initech', userId: 'user-ada' }))
        await memberships.add(aMembership({ id: 'ou-2', organizationName: 'acme', userId: 'user-ada' }))
        await memberships.add(aMembership({ id: 'ou-3', organizationName: 'globex', userId: 'user-grace' }))
        await memberships.add(aMembership({ id: 'ou-4', organizationName: 'acme', userId: 'user-linus' }))
      })
      const organizations = await store().run(({ memberships }) =>
        memberships.organizationsOf(['user-ada', 'user-grace', 'user-linus', 'user-nobody']),
      )
      expect(organizations).toEqual(
        new Map([
          ['user-ada', ['acme', 'initech']],
          ['user-grace', ['globex']],
          ['user-linus', ['acme']],
        ]),
      )
      await expect(store().run(({ memberships }) => memberships.organizationsOf([]))).resolves.toEqual(new Map())
    })

    it("removes a membership with the user's places on that organization's teams only", async () => {
      await seed()
      await store().run(async ({ memberships, teams, teamMembers }) => {
        await memberships.add(membership)
        await memberships.add(aMembership({ id: 'ou-globex', organizationName: 'globex', userId: 'user-ada' }))
        await memberships.add(aMembership({ id: 'ou-grace', userId: 'user-grace' }))
        for (const team of [aTeam({ id: 'team-acme' }), aTeam({ id: 'team-globex', organizationName: 'globex' })]) {
          await teams.add(team)
          await teamMembers.add(team.id, 'user-ada')
          await teamMembers.add(team.id, 'user-grace')
        }
      })

      await store().run(({ memberships }) => memberships.remove(membership.id))

      const left = await store().run(async ({ memberships, teamMembers }) => ({
        removed: await memberships.findById(membership.id),
        acme: idsOf(await teamMembers.members('team-acme')),
        globex: idsOf(await teamMembers.members('team-globex')),
        kept: idsOf([...(await memberships.listByOrganization({ organizationName: 'globex', page: PAGE })).items]),
      }))
      expect(left).toEqual({ removed: undefined, acme: ['user-grace'], globex: ['user-ada', 'user-grace'], kept: ['ou-globex'] })
      await store().run(({ memberships }) => memberships.remove('ou-missing'))
    })
  })
}
