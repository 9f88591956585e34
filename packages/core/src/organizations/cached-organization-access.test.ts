import { addMember, inMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import type { UserPrincipal } from '../auth/principal.ts'
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'

function counted(repositories: Repositories): Repositories {
  const wrap = <R extends object>(repository: R): R =>
    new Proxy(repository, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver)
        if (typeof value !== 'function') return value
        return (...args: unknown[]): unknown => {
          counter.reads += 1
          return Reflect.apply(value, target, args) as unknown
        }
      },
    })
  return Object.fromEntries(Object.entries(repositories).map(([name, repository]) => [name, wrap(repository)])) as unknown as Repositories
}

const counter = { reads: 0 }

describe('organization reads through the access cache (organization show, registry module list)', () => {
  let cases: UseCases
  let owner: UserPrincipal
  let mia: UserPrincipal

  const show = (principal: UserPrincipal) => cases.organizations.show({ name: 'acme' }, principal)
  const modules = (principal: UserPrincipal) =>
    cases.registryModules.list({ organizationName: 'acme', page: { number: 1, size: 20 } }, principal)

  beforeEach(async () => {
    const deps = inMemoryDeps()
    const inner = deps.unitOfWork
    const unitOfWork: UnitOfWork = {
      run: (work) => inner.run(work),
      // Counts the calls that reach a repository.
      read: (work) => inner.read((repositories) => work(counted(repositories))),
      autocommit: (work) => inner.autocommit(work),
    }
    cases = createUseCases({ ...deps, unitOfWork })
    owner = await signUpUser(cases, 'olivia')
    mia = await signUpUser(cases, 'mia')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    await addMember(cases, { organizationName: 'acme', email: mia.user.email }, owner)
    await cases.registryModules.create({ organizationName: 'acme', name: 'vpc', provider: 'aws' }, owner)
  })

  it('answers a repeated organization show from the cache', async () => {
    await show(mia)
    const before = counter.reads
    await expect(show(mia)).resolves.toMatchObject({ name: 'acme' })
    expect(counter.reads).toBe(before)
  })

  it('refuses a member removed since on the very next request', async () => {
    await expect(show(mia)).resolves.toMatchObject({ name: 'acme' })
    const { items } = await cases.memberships.list({ organizationName: 'acme', page: { number: 1, size: 20 } }, owner)
    await cases.memberships.remove({ id: items.find((item) => item.membership.userId === mia.user.id)?.membership.id ?? '' }, owner)
    await expect(show(mia)).rejects.toMatchObject({ code: 'not_found' })
    await expect(modules(mia)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('serves a member added since, and refuses everyone once the organization is deleted', async () => {
    const nora = await signUpUser(cases, 'nora')
    await expect(show(nora)).rejects.toMatchObject({ code: 'not_found' })
    await addMember(cases, { organizationName: 'acme', email: nora.user.email }, owner)
    await expect(show(nora)).resolves.toMatchObject({ name: 'acme' })
    await cases.organizations.remove({ name: 'acme' }, owner)
    await expect(show(owner)).rejects.toMatchObject({ code: 'not_found' })
  })

  it("sees a team's new permission on the very next list", async () => {
    const before = await modules(mia)
    expect(before.items[0]?.permissions.canResync).toBe(false)
    const team = await cases.teams.create({ organizationName: 'acme', name: 'publishers', access: { manageModules: true } }, owner)
    await cases.teams.addMembers({ id: team.id, usernames: ['mia'] }, owner)
    expect((await modules(mia)).items[0]?.permissions.canResync).toBe(true)
  })
})
