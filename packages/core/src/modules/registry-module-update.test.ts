import { addMember, inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import type { ModuleAddress } from './module-address.ts'
import type { RegistryModule, VcsRepo } from './registry-module.ts'

const address: ModuleAddress = { registryName: 'private', namespace: 'acme', name: 'vpc', provider: 'aws' }
const target = { organizationName: 'acme', address }

describe('ManageRegistryModules.update (spec §4.1 "Update a private registry module")', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let owner: UserPrincipal
  let manager: UserPrincipal

  const signUp = (username: string) => signUpUser(cases, username)

  async function stored(): Promise<RegistryModule> {
    return (await cases.registryModules.show(target, OPERATOR)).module
  }

  /** Makes the module one published from VCS, as publishing from VCS would. */
  async function publishFromVcs(vcsRepo: Partial<VcsRepo>): Promise<RegistryModule> {
    const module = await stored()
    const vcs: RegistryModule = {
      ...module,
      publishingMechanism: vcsRepo.tags === false ? 'branch' : 'git_tag',
      vcsRepo: {
        identifier: 'acme/terraform-aws-vpc',
        displayIdentifier: 'acme/terraform-aws-vpc',
        branch: '',
        tags: true,
        oauthTokenId: 'ot-0000000000000001',
        githubAppInstallationId: null,
        sourceDirectory: '',
        tagPrefix: '',
        ingressSubmodules: true,
        webhook: null,
        ...vcsRepo,
      },
    }
    await deps.unitOfWork.run(({ registryModules }) => registryModules.update(vcs))
    return vcs
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    owner = await signUp('olivia')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    manager = await signUp('mo')
    await addMember(cases, { organizationName: 'acme', email: 'mo@example.com' }, owner)
    const team = await cases.teams.create({ organizationName: 'acme', name: 'modules', access: { manageModules: true } }, owner)
    await cases.teams.addMembers({ id: team.id, usernames: ['mo'] }, owner)
    await cases.registryModules.create({ organizationName: 'acme', name: 'vpc', provider: 'aws' }, owner)
  })

  it('test-config.tests-enabled is changed, and kept when omitted', async () => {
    const before = await stored()
    deps.clock.advance(1000)
    const { module } = await cases.registryModules.update({ ...target, testsEnabled: true }, owner)
    expect(module).toEqual({ ...before, testsEnabled: true, updatedAt: deps.clock.now() })
    const { module: again } = await cases.registryModules.update(target, owner)
    expect(again.testsEnabled).toBe(true)
    expect(await stored()).toEqual(again)
  })

  it('invalid on vcsRepo.tags when tags and branch are given together', async () => {
    await publishFromVcs({})
    const before = await stored()
    await expect(cases.registryModules.update({ ...target, branch: 'main', tags: true }, owner)).rejects.toMatchObject({
      code: 'invalid',
      fields: [{ field: 'vcsRepo.tags' }],
    })
    expect(await stored()).toEqual(before)
  })

  it.each([{ branch: 'main' }, { tags: true }])(
    'invalid on vcsRepo for VCS settings %o on a module not published from VCS',
    async (change) => {
      const before = await stored()
      await expect(cases.registryModules.update({ ...target, ...change, testsEnabled: true }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'vcsRepo' }],
      })
      expect(await stored()).toEqual(before)
    },
  )

  it('a branch moves a tag-based module to the branch-based workflow', async () => {
    await publishFromVcs({ tags: true })
    const { module } = await cases.registryModules.update({ ...target, branch: 'main' }, owner)
    expect(module).toMatchObject({
      publishingMechanism: 'branch',
      vcsRepo: { branch: 'main', tags: false, identifier: 'acme/terraform-aws-vpc' },
    })
  })

  it('tags moves a branch-based module to the tag-based workflow', async () => {
    await publishFromVcs({ tags: false, branch: 'main' })
    const { module } = await cases.registryModules.update({ ...target, tags: true }, owner)
    expect(module).toMatchObject({ publishingMechanism: 'git_tag', vcsRepo: { branch: '', tags: true } })
  })

  it('omitted VCS settings keep their value', async () => {
    const vcs = await publishFromVcs({ tags: false, branch: 'release' })
    const { module } = await cases.registryModules.update({ ...target, testsEnabled: true }, owner)
    expect(module).toMatchObject({ publishingMechanism: 'branch', vcsRepo: vcs.vcsRepo })
  })

  it('owners only: a member who manages modules gets not_found and changes nothing', async () => {
    const before = await stored()
    await expect(cases.registryModules.update({ ...target, testsEnabled: true }, manager)).rejects.toMatchObject({ code: 'not_found' })
    expect(await stored()).toEqual(before)
  })

  it('not_found for a module that does not exist', async () => {
    await expect(
      cases.registryModules.update({ organizationName: 'acme', address: { ...address, name: 'dns' }, testsEnabled: true }, owner),
    ).rejects.toMatchObject({ code: 'not_found' })
  })

  it('forbidden for a public module in the self-hosted edition', async () => {
    const publicTarget = { organizationName: 'acme', address: { ...address, registryName: 'public' as const, namespace: 'hashicorp' } }
    await expect(cases.registryModules.update({ ...publicTarget, testsEnabled: true }, owner)).rejects.toMatchObject({ code: 'forbidden' })
  })
})
