import { addMember, inMemoryDeps, type InMemoryDeps, settledVersion, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type UserPrincipal } from '../auth/principal.ts'
import type { Edition } from '../shared/edition.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import { workJobs } from '../work-jobs.ts'
import type { ModuleAddress } from './module-address.ts'

const PAGE = { number: 1, size: 20 }
const at = (name: string, provider: string) => ({
  organizationName: 'acme',
  address: { registryName: 'private', namespace: 'acme', name, provider } satisfies ModuleAddress,
})
const curated = {
  organizationName: 'acme',
  address: { registryName: 'public', namespace: 'hashicorp', name: 'consul', provider: 'aws' } satisfies ModuleAddress,
}

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text)
}

describe('ManageRegistryModules: deleting modules, providers and versions (spec §3 cascade, §4.1)', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let owner: UserPrincipal
  let manager: UserPrincipal
  let archives: Map<string, string>

  const signUp = (username: string) => signUpUser(cases, username)

  /** Creates and uploads a version; remembers its archive's blob key as `name/provider/version`. */
  async function publish(name: string, provider: string, version: string): Promise<void> {
    const { uploadObjectId } = await cases.moduleVersions.create({ ...at(name, provider), version }, owner)
    const stored = await cases.moduleVersions.upload({ objectId: uploadObjectId ?? '', content: bytes(`${name} ${version}`) })
    const done = await settledVersion(deps.unitOfWork, stored.id)
    archives.set(`${name}/${provider}/${version}`, done.archive?.blobKey ?? '')
  }

  async function remaining(): Promise<string[]> {
    const { items } = await cases.registryModules.list({ organizationName: 'acme', page: PAGE }, OPERATOR)
    return items.flatMap(({ module, versions }) => versions.map((v) => `${module.name}/${module.provider}/${v.version}`))
  }

  async function storedArchives(): Promise<string[]> {
    const kept: string[] = []
    for (const [name, key] of archives) if (await deps.blobs.has(key)) kept.push(name)
    return kept.sort()
  }

  async function setUp(edition: Edition): Promise<void> {
    deps = inMemoryDeps({ edition })
    cases = createUseCases(deps)
    await workJobs(deps.jobs, cases)
    archives = new Map()
    owner = await signUp('olivia')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    manager = await signUp('mo')
    await addMember(cases, { organizationName: 'acme', email: 'mo@example.com' }, owner)
    const team = await cases.teams.create({ organizationName: 'acme', name: 'modules', access: { manageModules: true } }, owner)
    await cases.teams.addMembers({ id: team.id, usernames: ['mo'] }, owner)
    for (const [name, provider] of [
      ['vpc', 'aws'],
      ['vpc', 'google'],
      ['dns', 'aws'],
    ] as const) {
      await cases.registryModules.create({ organizationName: 'acme', name, provider }, owner)
    }
    await publish('vpc', 'aws', '1.0.0')
    await publish('vpc', 'aws', '1.1.0')
    await publish('vpc', 'google', '1.0.0')
    await publish('dns', 'aws', '2.0.0')
  }

  const EVERYTHING = ['dns/aws/2.0.0', 'vpc/aws/1.0.0', 'vpc/aws/1.1.0', 'vpc/google/1.0.0']

  describe('in the self-hosted edition', () => {
    beforeEach(() => setUp('self-hosted'))

    it('removeVersion deletes one version and, afterwards, its archive', async () => {
      await cases.registryModules.removeVersion({ ...at('vpc', 'aws'), version: '1.0.0' }, owner)
      expect(await remaining()).toEqual(['dns/aws/2.0.0', 'vpc/aws/1.1.0', 'vpc/google/1.0.0'])
      expect(await storedArchives()).toEqual(['dns/aws/2.0.0', 'vpc/aws/1.1.0', 'vpc/google/1.0.0'])
    })

    it('removeVersion finds the version by any spelling of it (v1.0.0)', async () => {
      await cases.registryModules.removeVersion({ ...at('vpc', 'aws'), version: 'v1.0.0' }, owner)
      expect(await remaining()).not.toContain('vpc/aws/1.0.0')
    })

    it("removeVersion of a provider's last version deletes the provider, and leaves the module's other providers", async () => {
      await cases.registryModules.removeVersion({ ...at('vpc', 'google'), version: '1.0.0' }, owner)
      await expect(cases.registryModules.show(at('vpc', 'google'), owner)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.registryModules.show(at('vpc', 'aws'), owner)).resolves.toBeDefined()
      expect(await storedArchives()).toEqual(['dns/aws/2.0.0', 'vpc/aws/1.0.0', 'vpc/aws/1.1.0'])
    })

    it('deleting the last version of the last provider deletes the module', async () => {
      await cases.registryModules.removeVersion({ ...at('dns', 'aws'), version: '2.0.0' }, owner)
      await expect(cases.registryModules.removeModule(at('dns', 'aws'), owner)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('removeVersion: not_found for a version the provider does not have', async () => {
      for (const version of ['3.0.0', 'latest']) {
        await expect(cases.registryModules.removeVersion({ ...at('vpc', 'aws'), version }, owner)).rejects.toMatchObject({
          code: 'not_found',
        })
      }
      expect(await remaining()).toEqual(EVERYTHING)
    })

    it("removeProvider deletes one provider with all its versions and archives, and nothing of the module's others", async () => {
      await cases.registryModules.removeProvider(at('vpc', 'aws'), owner)
      expect(await remaining()).toEqual(['dns/aws/2.0.0', 'vpc/google/1.0.0'])
      expect(await storedArchives()).toEqual(['dns/aws/2.0.0', 'vpc/google/1.0.0'])
    })

    it('removeModule deletes every provider of the module, with their archives', async () => {
      await cases.registryModules.removeModule(at('vpc', 'aws'), owner)
      expect(await remaining()).toEqual(['dns/aws/2.0.0'])
      expect(await storedArchives()).toEqual(['dns/aws/2.0.0'])
    })

    it('not_found for a provider or a module that does not exist', async () => {
      await expect(cases.registryModules.removeProvider(at('vpc', 'azure'), owner)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.registryModules.removeModule(at('subnet', 'aws'), owner)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('owners only: a member who manages modules gets not_found and deletes nothing', async () => {
      const attempts = [
        () => cases.registryModules.removeVersion({ ...at('vpc', 'aws'), version: '1.0.0' }, manager),
        () => cases.registryModules.removeProvider(at('vpc', 'aws'), manager),
        () => cases.registryModules.removeModule(at('vpc', 'aws'), manager),
      ]
      for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: 'not_found' })
      expect(await remaining()).toEqual(EVERYTHING)
      expect(await storedArchives()).toEqual(EVERYTHING)
    })

    it('forbidden for public modules, in every form', async () => {
      const attempts = [
        () => cases.registryModules.removeVersion({ ...curated, version: '1.0.0' }, owner),
        () => cases.registryModules.removeProvider(curated, owner),
        () => cases.registryModules.removeModule(curated, owner),
      ]
      for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: 'forbidden' })
    })
  })

  describe('in the hosted edition', () => {
    beforeEach(async () => {
      await setUp('hosted')
      await cases.registryModules.create({ ...curated, ...curated.address }, owner)
    })

    it("removeModule of a public module removes only the organization's curated record", async () => {
      await cases.registryModules.removeModule(curated, owner)
      await expect(cases.registryModules.show(curated, owner)).rejects.toMatchObject({ code: 'not_found' })
      expect(await remaining()).toEqual(EVERYTHING)
    })

    it('a public module has no provider or version form: not_found, and the record stays', async () => {
      await expect(cases.registryModules.removeProvider(curated, owner)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.registryModules.removeVersion({ ...curated, version: '1.0.0' }, owner)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(cases.registryModules.show(curated, owner)).resolves.toMatchObject({ module: { registryName: 'public' } })
    })

    it('owners only, for public records too', async () => {
      await expect(cases.registryModules.removeModule(curated, manager)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.registryModules.show(curated, owner)).resolves.toBeDefined()
    })
  })
})
