import { OPERATOR } from '@cairn/core'
import { aMembership, anOrganization, aTeam, aUser, inMemoryDeps } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { concurrentUseCases, outcomes, REPETITIONS, TIMEOUT_MS } from './test-support/concurrent-use-cases.ts'
import { STORES } from './test-support/stores.ts'

// Races between the use cases that write users and memberships (see concurrent-use-cases.ts).
describe.each(STORES)('concurrent use cases on %s', (_, open) => {
  const { ports, useCases, seed } = concurrentUseCases(open, inMemoryDeps())

  async function aStoredUser() {
    const user = aUser({ id: ports.ids.next('user') })
    await seed(({ users }) => users.add(user))
    return user
  }

  async function storedUser(id: string) {
    return seed(({ users }) => users.findById(id))
  }

  /** An organization whose owners team has exactly the two users given. */
  async function anOrganizationOwnedBy(first: string, second: string) {
    const organization = anOrganization({ name: `acme-${ports.ids.next('team').slice(-4)}` })
    const owners = aTeam({ id: ports.ids.next('team'), organizationName: organization.name })
    const memberships = [first, second].map((userId) =>
      aMembership({ id: ports.ids.next('ou'), organizationName: organization.name, userId }),
    )
    await seed(async ({ organizations, teams, teamMembers, memberships: stored }) => {
      await organizations.add(organization)
      await teams.add(owners)
      for (const membership of memberships) {
        await stored.add(membership)
        await teamMembers.add(owners.id, membership.userId)
      }
    })
    return { organization, memberships }
  }

  // First: the other races make site administrators, after which no IACT is issued.
  it(
    "creates one first administrator when two processes' IACTs are used at the same time",
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const tokens = [await useCases.initialAdmin.issueToken(), await useCases.initialAdmin.issueToken()]
        const results = await Promise.allSettled(
          tokens.map((token, n) =>
            useCases.initialAdmin.createAdmin({
              token: token ?? '',
              username: `first-${i}-${n}`,
              email: `first-${i}-${n}@x.test`,
              password: 'long enough password',
            }),
          ),
        )
        expect(outcomes(results)).toEqual(['fulfilled', 'not_found'])
        const admins = await seed(({ users }) => users.list({ isSiteAdmin: true, page: { number: 1, size: 10 } }))
        expect(admins.total).toBe(1)
        await seed(({ users }) => users.remove(admins.items[0]?.id ?? ''))
      }
    },
    TIMEOUT_MS,
  )

  it(
    'lets one of two concurrent suspensions through; the other finds the user already suspended',
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const user = await aStoredUser()
        const suspend = () => useCases.adminUsers.act({ userId: user.id, action: 'suspend' }, OPERATOR)
        expect(outcomes(await Promise.allSettled([suspend(), suspend()]))).toEqual(['fulfilled', 'precondition'])
        expect((await storedUser(user.id))?.isSuspended).toBe(true)
      }
    },
    TIMEOUT_MS,
  )

  it(
    'keeps both a suspension and an admin grant made at the same time',
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const user = await aStoredUser()
        const results = await Promise.allSettled([
          useCases.adminUsers.act({ userId: user.id, action: 'suspend' }, OPERATOR),
          useCases.adminUsers.act({ userId: user.id, action: 'grant_admin' }, OPERATOR),
        ])
        expect(outcomes(results)).toEqual(['fulfilled', 'fulfilled'])
        expect(await storedUser(user.id)).toMatchObject({ isSuspended: true, isSiteAdmin: true })
      }
    },
    TIMEOUT_MS,
  )

  it(
    'deletes only one of two co-owners deleted at the same time: an organization keeps an owner',
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const [first, second] = [await aStoredUser(), await aStoredUser()]
        const { organization } = await anOrganizationOwnedBy(first.id, second.id)
        const results = await Promise.allSettled([
          useCases.adminUsers.remove({ userId: first.id }, OPERATOR),
          useCases.adminUsers.remove({ userId: second.id }, OPERATOR),
        ])
        expect(outcomes(results)).toEqual(['fulfilled', 'invalid'])
        const owners = await seed(({ teamMembers }) => teamMembers.ownersOf([organization.name]))
        expect(owners.get(organization.name)).toHaveLength(1)
      }
    },
    TIMEOUT_MS,
  )

  it(
    'removes only one of two co-owners whose memberships are removed at the same time',
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const [first, second] = [await aStoredUser(), await aStoredUser()]
        const { organization, memberships } = await anOrganizationOwnedBy(first.id, second.id)
        const results = await Promise.allSettled(
          memberships.map((membership) => useCases.memberships.remove({ id: membership.id }, OPERATOR)),
        )
        expect(outcomes(results)).toEqual(['fulfilled', 'invalid'])
        const owners = await seed(({ teamMembers }) => teamMembers.ownersOf([organization.name]))
        expect(owners.get(organization.name)).toHaveLength(1)
      }
    },
    TIMEOUT_MS,
  )

  it(
    'makes one placeholder when two organizations invite the same unknown address at once',
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const owner = await aStoredUser()
        const names = [0, 1].map((n) => `invite-${i}-${n}-${ports.ids.next('team').slice(-4)}`)
        await seed(async ({ organizations, memberships }) => {
          for (const name of names) {
            await organizations.add(anOrganization({ name }))
            await memberships.add(aMembership({ id: ports.ids.next('ou'), organizationName: name, userId: owner.id }))
          }
        })
        const email = `newcomer-${i}@x.test`
        const results = await Promise.allSettled(
          names.map((organizationName) => useCases.memberships.invite({ organizationName, email }, OPERATOR)),
        )
        expect(outcomes(results)).toEqual(['fulfilled', 'fulfilled'])
        const placeholders = await seed(({ users }) => users.list({ search: email, page: { number: 1, size: 10 } }))
        expect(placeholders.items).toMatchObject([{ username: null, email }])
      }
    },
    TIMEOUT_MS,
  )
})
