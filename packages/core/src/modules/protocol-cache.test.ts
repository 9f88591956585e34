import { addMember, inMemoryDeps, settledVersion, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import { workJobs } from '../work-jobs.ts'

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text)
}

/** The use cases over a unit of work that counts the reads reaching the store. */
function countingReads(deps: ReturnType<typeof inMemoryDeps>) {
  const counter = { reads: 0 }
  const inner = deps.unitOfWork
  const unitOfWork: UnitOfWork = {
    run: (work) => inner.run(work),
    read: (work) => {
      counter.reads += 1
      return inner.read(work)
    },
    autocommit: (work) => inner.autocommit(work),
  }
  return { cases: createUseCases({ ...deps, unitOfWork }), counter, deps }
}

describe('the registry protocol through its cache (versions, download, latest)', () => {
  const vpc = { namespace: 'acme', name: 'vpc', provider: 'aws' }
  const target = { organizationName: 'acme', address: { registryName: 'private' as const, ...vpc } }
  let cases: UseCases
  let counter: { reads: number }
  let deps: ReturnType<typeof inMemoryDeps>
  let owner: UserPrincipal
  let reader: UserPrincipal

  async function publish(version: string): Promise<void> {
    const { uploadObjectId } = await cases.moduleVersions.create({ ...target, version }, owner)
    const stored = await cases.moduleVersions.upload({ objectId: uploadObjectId ?? '', content: bytes('good') })
    await settledVersion(deps.unitOfWork, stored.id)
  }

  const versionsOf = async (principal: Principal) => {
    const listed: { readonly version: string }[] = JSON.parse((await cases.moduleRegistry.versions(vpc, principal)).json)
    return listed.map(({ version }) => version)
  }

  beforeEach(async () => {
    ;({ cases, counter, deps } = countingReads(inMemoryDeps()))
    await workJobs(deps.jobs, cases)
    owner = await signUpUser(cases, 'olivia')
    reader = await signUpUser(cases, 'rita')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    await addMember(cases, { organizationName: 'acme', email: reader.user.email }, owner)
    await cases.registryModules.create({ organizationName: 'acme', name: 'vpc', provider: 'aws' }, owner)
    await publish('1.0.0')
  })

  it("answers versions, latest and download of one provider from a read each and the caller's access, then from the cache", async () => {
    const ask = async () => {
      expect(await versionsOf(reader)).toEqual(['1.0.0'])
      expect(await cases.moduleRegistry.latestVersion(vpc, reader)).toBe('1.0.0')
      await cases.moduleRegistry.download({ ...vpc, version: '1.0.0' }, reader)
    }
    const before = counter.reads
    await ask()
    expect(counter.reads - before).toBe(4)
    await ask()
    expect(counter.reads - before).toBe(4)
  })

  it('reads a version spelled otherwise than listed (v1.0.0) as stored, and keeps what it found under that spelling', async () => {
    const first = await cases.moduleRegistry.download({ ...vpc, version: 'v1.0.0' }, reader)
    const before = counter.reads
    expect(await cases.moduleRegistry.download({ ...vpc, version: 'v1.0.0' }, reader)).toEqual(first)
    expect(counter.reads).toBe(before)
    await expect(cases.moduleRegistry.download({ ...vpc, version: 'not-semver' }, reader)).rejects.toMatchObject({ code: 'not_found' })
  })

  it("shares a provider's versions between callers whose access is known", async () => {
    // Any read of the organization caches each caller's access.
    for (const caller of [owner, reader])
      await cases.registryModules.list({ organizationName: 'acme', page: { number: 1, size: 20 } }, caller)
    const before = counter.reads
    expect(await versionsOf(reader)).toEqual(['1.0.0'])
    expect(await versionsOf(owner)).toEqual(['1.0.0'])
    expect(counter.reads - before).toBe(1)
  })

  it('keeps its answers when download counts are written', async () => {
    await cases.moduleRegistry.download({ ...vpc, version: '1.0.0' }, reader)
    await cases.moduleRegistry.flushDownloads()
    const before = counter.reads
    await cases.moduleRegistry.download({ ...vpc, version: '1.0.0' }, reader)
    expect(counter.reads).toBe(before)
  })

  it('shows a version published since on the very next request', async () => {
    expect(await versionsOf(reader)).toEqual(['1.0.0'])
    await publish('1.1.0')
    expect(await versionsOf(reader)).toEqual(['1.0.0', '1.1.0'])
    expect(await cases.moduleRegistry.latestVersion(vpc, reader)).toBe('1.1.0')
  })

  it('refuses the download of a version deleted since', async () => {
    await publish('1.1.0')
    await cases.moduleRegistry.download({ ...vpc, version: '1.1.0' }, reader)
    await cases.registryModules.removeVersion({ ...target, version: '1.1.0' }, owner)
    await expect(cases.moduleRegistry.download({ ...vpc, version: '1.1.0' }, reader)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('refuses a member removed from the organization since, and serves one added since', async () => {
    const nora = await signUpUser(cases, 'nora')
    await expect(versionsOf(nora)).rejects.toMatchObject({ code: 'not_found' })
    await addMember(cases, { organizationName: 'acme', email: nora.user.email }, owner)
    expect(await versionsOf(nora)).toEqual(['1.0.0'])
    expect(await versionsOf(reader)).toEqual(['1.0.0'])
    const { items } = await cases.memberships.list({ organizationName: 'acme', page: { number: 1, size: 20 } }, owner)
    const membership = items.find((item) => item.membership.userId === reader.user.id)
    await cases.memberships.remove({ id: membership?.membership.id ?? '' }, owner)
    await expect(versionsOf(reader)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('keeps answers apart by caller: a non-member is refused what a member was served', async () => {
    expect(await versionsOf(reader)).toEqual(['1.0.0'])
    await expect(versionsOf(await signUpUser(cases, 'nora'))).rejects.toMatchObject({ code: 'not_found' })
    expect(await versionsOf(OPERATOR)).toEqual(['1.0.0'])
  })
})
