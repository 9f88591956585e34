import { addMember, inMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import type { Edition } from '../shared/edition.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'

const PAGE = { number: 1, size: 20 }
const VPC = { organizationName: 'acme', name: 'vpc', provider: 'aws' }

/** The outcome as a promise, even when the call throws before returning one (kept so that such a regression fails the test below rather than the whole file). */
function settle<T>(call: () => Promise<T>): Promise<T> {
  return Promise.resolve().then(call)
}

async function organization(edition: Edition) {
  const cases = createUseCases(inMemoryDeps({ edition }))
  const signUp = (username: string) => signUpUser(cases, username)
  const owner = await signUp('olivia')
  await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
  const reader = await signUp('mia')
  await addMember(cases, { organizationName: 'acme', email: 'mia@example.com' }, owner)
  const manager = await signUp('mo')
  await addMember(cases, { organizationName: 'acme', email: 'mo@example.com' }, owner)
  const team = await cases.teams.create({ organizationName: 'acme', name: 'modules', access: { manageModules: true } }, owner)
  await cases.teams.addMembers({ id: team.id, usernames: ['mo'] }, owner)
  return { cases, owner, reader, manager, stranger: await signUp('nora') }
}

describe('ManageRegistryModules: create, list, show (spec §4.1)', () => {
  let cases: UseCases
  let owner: UserPrincipal
  let reader: UserPrincipal
  let manager: UserPrincipal
  let stranger: UserPrincipal

  beforeEach(async () => {
    ;({ cases, owner, reader, manager, stranger } = await organization('self-hosted'))
  })

  describe('create', () => {
    it("a private module's namespace is its organization's name; it awaits its first version", async () => {
      const { module, versions } = await cases.registryModules.create({ ...VPC, noCode: true }, manager)
      expect(module).toMatchObject({
        organizationName: 'acme',
        registryName: 'private',
        namespace: 'acme',
        name: 'vpc',
        provider: 'aws',
        status: 'pending',
        publishingMechanism: 'non_vcs',
        noCode: true,
        vcsRepo: null,
        testsEnabled: false,
      })
      expect(versions).toEqual([])
    })

    it('invalid on namespace when a private module is given another namespace', async () => {
      await expect(cases.registryModules.create({ ...VPC, namespace: 'elsewhere' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'namespace' }],
      })
    })

    it('forbidden for a public module in the self-hosted edition', async () => {
      await expect(
        settle(() => cases.registryModules.create({ ...VPC, registryName: 'public', namespace: 'hashicorp' }, owner)),
      ).rejects.toMatchObject({ code: 'forbidden' })
    })

    // BUG: create checks the edition before returning its promise, so the refusal is thrown
    // synchronously: `registryModules.create(…).catch(handle)` never reaches `handle`.
    it('a refusal of public curation arrives as a rejected promise, not a synchronous throw', async () => {
      const outcome = await cases.registryModules
        .create({ ...VPC, registryName: 'public', namespace: 'hashicorp' }, owner)
        .catch((error: unknown) => error)
      expect(outcome).toMatchObject({ code: 'forbidden' })
    })

    it('accepts a name and a provider of 64 characters', async () => {
      await expect(cases.registryModules.create({ ...VPC, name: 'n'.repeat(64), provider: 'p'.repeat(64) }, owner)).resolves.toBeDefined()
    })

    it('names both fields when name and provider are 65 characters', async () => {
      await expect(cases.registryModules.create({ ...VPC, name: 'n'.repeat(65), provider: 'p'.repeat(65) }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }, { field: 'provider' }],
      })
    })

    it.each([
      ['name', { name: '-vpc' }],
      ['name', { name: 'vpc_' }],
      ['name', { name: 'my vpc' }],
      ['provider', { provider: 'AWS' }],
      ['provider', { provider: 'aws-2' }],
    ])('invalid on %s for %o', async (field, change) => {
      await expect(cases.registryModules.create({ ...VPC, ...change }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field }],
      })
    })

    it('invalid on name when the organization has the module already', async () => {
      await cases.registryModules.create(VPC, owner)
      await expect(cases.registryModules.create(VPC, owner)).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'name' }] })
    })

    it('needs the Manage modules permission: readers and strangers get not_found', async () => {
      for (const principal of [reader, stranger]) {
        await expect(cases.registryModules.create(VPC, principal)).rejects.toMatchObject({ code: 'not_found' })
      }
      expect((await cases.registryModules.list({ organizationName: 'acme', page: PAGE }, owner)).total).toBe(0)
    })

    it('not_found when the organization does not exist', async () => {
      await expect(cases.registryModules.create({ ...VPC, organizationName: 'nowhere' }, OPERATOR)).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('a team token with Manage modules and an organization token create modules; a team token without it cannot', async () => {
      const { items } = await cases.teams.list({ organizationName: 'acme', page: PAGE }, owner)
      const modulesTeam = items.find((team) => team.name === 'modules')
      const readers = await cases.teams.create({ organizationName: 'acme', name: 'readers' }, owner)
      const token = async (teamId: string) =>
        cases.authenticateToken.execute((await cases.serviceTokens.createTeamToken({ teamId }, owner)).bearer)
      const organizationToken = await cases.authenticateToken.execute(
        (await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)).bearer,
      )
      await expect(cases.registryModules.create(VPC, await token(modulesTeam?.id ?? ''))).resolves.toBeDefined()
      await expect(cases.registryModules.create({ ...VPC, provider: 'google' }, organizationToken)).resolves.toBeDefined()
      await expect(cases.registryModules.create({ ...VPC, provider: 'azure' }, await token(readers.id))).rejects.toMatchObject({
        code: 'not_found',
      })
    })
  })

  describe('list', () => {
    beforeEach(async () => {
      const modules = [
        ['vpc', 'google'],
        ['vpc', 'aws'],
        ['dns', 'aws'],
        ['cluster', 'kubernetes'],
      ] as const
      for (const [name, provider] of modules) await cases.registryModules.create({ organizationName: 'acme', name, provider }, owner)
    })

    async function addresses(query: { search?: string; provider?: string }, principal: Principal = reader) {
      const page = await cases.registryModules.list({ organizationName: 'acme', page: PAGE, ...query }, principal)
      return page.items.map(({ module }) => `${module.name}/${module.provider}`)
    }

    it('members list the organization’s modules, by name and provider, with their versions', async () => {
      const page = await cases.registryModules.list({ organizationName: 'acme', page: PAGE }, reader)
      expect(page.items.map(({ module }) => `${module.name}/${module.provider}`)).toEqual([
        'cluster/kubernetes',
        'dns/aws',
        'vpc/aws',
        'vpc/google',
      ])
      expect(page.items.every(({ versions }) => versions.length === 0)).toBe(true)
    })

    it('filter[provider] keeps one provider', async () => {
      expect(await addresses({ provider: 'aws' })).toEqual(['dns/aws', 'vpc/aws'])
    })

    it('q matches name, namespace and provider, ignoring case', async () => {
      expect(await addresses({ search: 'VP' })).toEqual(['vpc/aws', 'vpc/google'])
      expect(await addresses({ search: 'kube' })).toEqual(['cluster/kubernetes'])
      expect(await addresses({ search: 'acm' })).toHaveLength(4)
    })

    it('strangers get not_found', async () => {
      await expect(cases.registryModules.list({ organizationName: 'acme', page: PAGE }, stranger)).rejects.toMatchObject({
        code: 'not_found',
      })
    })
  })

  describe('show', () => {
    const address = { registryName: 'private' as const, namespace: 'acme', name: 'vpc', provider: 'aws' }

    it('members see a module with its versions', async () => {
      await cases.registryModules.create(VPC, owner)
      await cases.moduleVersions.create({ organizationName: 'acme', address, version: '1.0.0' }, owner)
      const { module, versions } = await cases.registryModules.show({ organizationName: 'acme', address }, reader)
      expect(module).toMatchObject(address)
      expect(versions.map((version) => version.version)).toEqual(['1.0.0'])
    })

    it('not_found for a module that does not exist, and for strangers', async () => {
      await cases.registryModules.create(VPC, owner)
      await expect(
        cases.registryModules.show({ organizationName: 'acme', address: { ...address, provider: 'azure' } }, owner),
      ).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(cases.registryModules.show({ organizationName: 'acme', address }, stranger)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('forbidden for a public module in the self-hosted edition', async () => {
      const publicAddress = { ...address, registryName: 'public' as const, namespace: 'hashicorp' }
      await expect(cases.registryModules.show({ organizationName: 'acme', address: publicAddress }, owner)).rejects.toMatchObject({
        code: 'forbidden',
      })
    })
  })

  describe('in the hosted edition', () => {
    const curated = { ...VPC, registryName: 'public' as const, namespace: 'terraform-aws-modules' }

    beforeEach(async () => {
      ;({ cases, owner, reader, manager, stranger } = await organization('hosted'))
    })

    it('a public module is a curated record with the namespace given, ready at once', async () => {
      const { module } = await cases.registryModules.create(curated, manager)
      expect(module).toMatchObject({ registryName: 'public', namespace: 'terraform-aws-modules', status: 'setup_complete' })
      const address = { registryName: 'public' as const, namespace: 'terraform-aws-modules', name: 'vpc', provider: 'aws' }
      await expect(cases.registryModules.show({ organizationName: 'acme', address }, reader)).resolves.toMatchObject({ module })
    })

    it('invalid on namespace when a public module has none, or a malformed one', async () => {
      const { namespace: _, ...withoutNamespace } = curated
      await expect(cases.registryModules.create(withoutNamespace, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'namespace' }],
      })
      await expect(cases.registryModules.create({ ...curated, namespace: 'n'.repeat(65) }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'namespace' }],
      })
    })

    it('the list holds curated and private modules; filter[registry_name] keeps one kind', async () => {
      await cases.registryModules.create(curated, owner)
      await cases.registryModules.create(VPC, owner)
      const all = await cases.registryModules.list({ organizationName: 'acme', page: PAGE }, reader)
      expect(all.items.map(({ module }) => module.registryName).sort()).toEqual(['private', 'public'])
      const curatedOnly = await cases.registryModules.list({ organizationName: 'acme', registryName: 'public', page: PAGE }, reader)
      expect(curatedOnly.items.map(({ module }) => module.namespace)).toEqual(['terraform-aws-modules'])
    })
  })
})
