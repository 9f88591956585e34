import {
  createUseCases,
  isCairnError,
  ModuleVersion,
  OPERATOR,
  workJobs,
  type ByteStream,
  type CairnPorts,
  type ModuleAddress,
  type Repositories,
  type UnitOfWork,
} from '@cairn/core'
import { aMembership, anOrganization, aTeam, aUser, inMemoryDeps, settledVersion } from '@cairn/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STORES, type OpenedStore } from './test-support/stores.ts'

// The check-then-write use cases, run twice at once through the real unit of work. PostgreSQL
// runs the two transactions side by side, so each race below really happens there; PGlite (one
// connection) runs them one after the other and passes trivially. The two need not overlap on
// every try, hence the repetitions.
const REPETITIONS = 10
// Ten races take about a second alone; more when the other test files load the same database.
const TIMEOUT_MS = 30_000

/** The use cases over `unitOfWork`, with the fakes of `@cairn/testing` for every other port. */
function portsOver(unitOfWork: UnitOfWork): CairnPorts {
  return { ...inMemoryDeps(), unitOfWork }
}

/** How each of two settled operations ended, in a stable order: `fulfilled` or the error code. */
function outcomes(results: readonly PromiseSettledResult<unknown>[]): string[] {
  return results
    .map((result) => {
      if (result.status === 'fulfilled') return 'fulfilled'
      if (isCairnError(result.reason)) return result.reason.code
      throw result.reason
    })
    .sort()
}

async function* streamOf(text: string): ByteStream {
  yield new TextEncoder().encode(text)
}

describe.each(STORES)('concurrent use cases on %s', (_, open) => {
  let opened: OpenedStore
  // The store opens in beforeAll; the use cases are built now, over a unit of work that waits for it.
  const ports = portsOver({
    run: (work) => opened.store.unitOfWork.run(work),
    read: (work) => opened.store.unitOfWork.read(work),
    autocommit: (work) => opened.store.unitOfWork.autocommit(work),
  })
  const useCases = createUseCases(ports)
  const seed = <T>(work: (repositories: Repositories) => Promise<T>) => opened.store.unitOfWork.run(work)

  beforeAll(async () => {
    opened = await open()
    await opened.store.migrate()
    await workJobs(ports.jobs, useCases)
  }, 60_000)

  afterAll(async () => {
    await ports.jobs.stop()
    await opened?.dispose()
  })

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

  /** A private module with one provider and the versions given, made through the use cases. */
  async function aModuleWithVersions(...versions: string[]) {
    const organization = anOrganization({ name: `acme-${ports.ids.next('mod').slice(-4)}` })
    await seed(({ organizations }) => organizations.add(organization))
    const target = { organizationName: organization.name, name: 'vpc', provider: 'aws' }
    await useCases.registryModules.create(target, OPERATOR)
    const address: ModuleAddress = { registryName: 'private', namespace: organization.name, name: 'vpc', provider: 'aws' }
    const created = []
    for (const version of versions) {
      created.push(await useCases.moduleVersions.create({ organizationName: organization.name, address, version }, OPERATOR))
    }
    return { organizationName: organization.name, address, created }
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

  it(
    'never leaves a provider without versions when its last two versions are deleted at once',
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const { organizationName, address, created } = await aModuleWithVersions('1.0.0', '1.1.0')
        const moduleId = created[0]?.version.moduleId ?? ''
        const results = await Promise.allSettled(
          ['1.0.0', '1.1.0'].map((version) => useCases.registryModules.removeVersion({ organizationName, address, version }, OPERATOR)),
        )
        // The second may find the provider already gone with the first's deletion: not_found.
        expect(outcomes(results)).toContain('fulfilled')
        expect(
          outcomes(results)
            .filter((outcome) => outcome !== 'fulfilled')
            .every((code) => code === 'not_found'),
        ).toBe(true)
        const left = await seed(async ({ registryModules, moduleVersions }) => ({
          provider: await registryModules.findByAddress(organizationName, address),
          versions: (await moduleVersions.versionsOf([moduleId])).get(moduleId) ?? [],
        }))
        expect(left).toEqual({ provider: undefined, versions: [] })
      }
    },
    TIMEOUT_MS,
  )

  it(
    "adds both of two processes' download counts flushed at the same time, to versions never downloaded before, in either order",
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const [{ version: template } = expect.unreachable()] = (await aModuleWithVersions('1.0.0')).created
        // Enough versions that two flushes listing them in opposite orders meet in the middle: written
        // in the pairs' order, as PostgreSQL's plan here does unless told otherwise, they deadlock,
        // and only a second attempt saves one. The statement writes in id order so that none is needed.
        const versions = Array.from(
          { length: 300 },
          (_, n) => new ModuleVersion({ ...template, id: `${template.id}-${n}`, version: `2.${n}.0` }),
        )
        await seed(async ({ moduleVersions }) => {
          for (const version of versions) await moduleVersions.add(version)
        })
        const counts = versions.map(({ id }, n) => [id, n + 1] as const)
        // As the tally flushes them: each batch one statement, committed on its own.
        const flush = (batch: readonly (readonly [string, number])[]) =>
          opened.store.unitOfWork.autocommit(({ moduleHousekeeping }) => moduleHousekeeping.addDownloads(new Map(batch)))
        expect(outcomes(await Promise.allSettled([flush(counts), flush(counts.toReversed())]))).toEqual(['fulfilled', 'fulfilled'])
        const stored = await seed(({ moduleVersions }) => moduleVersions.versionsOf([template.moduleId]))
        const downloads = new Map(stored.get(template.moduleId)?.map(({ id, downloads }) => [id, downloads]))
        expect(versions.map(({ id }) => downloads.get(id))).toEqual(counts.map(([, count]) => 2 * count))
      }
    },
    TIMEOUT_MS,
  )

  it(
    "keeps one archive, the latest attempt's, when the same upload link is used twice at the same time",
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const [{ version, uploadObjectId } = expect.unreachable()] = (await aModuleWithVersions('1.0.0')).created
        if (uploadObjectId === null) throw new Error('a new version has an upload link')
        const upload = (text: string) => useCases.moduleVersions.upload({ objectId: uploadObjectId, content: streamOf(text) })
        expect(outcomes(await Promise.allSettled([upload('first archive'), upload('second archive')]))).toEqual(['fulfilled', 'fulfilled'])
        const stored = await settledVersion(opened.store.unitOfWork, version.id)
        expect(stored).toMatchObject({ status: 'ok', uploadGeneration: 2, archive: { blobKey: `modules/${version.id}/2.tar.gz` } })
        // The superseded attempt's job drops its archive when it runs, which may be after the latest settled.
        const kept = async () => {
          const keys: string[] = []
          for await (const key of ports.blobs.list(`modules/${version.id}/`)) keys.push(key)
          return keys
        }
        await expect.poll(kept).toEqual([`modules/${version.id}/2.tar.gz`])
      }
    },
    TIMEOUT_MS,
  )
})
