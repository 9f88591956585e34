import { ModuleVersion, type AttemptStatus, type ModuleArchive, type ModuleMetadata, type ModuleVersionState, type PublishedModuleQuery, type RegistryModule, type RegistryModuleQuery, type ServedVersionsQuery, type VcsRepo } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { idsOf, minute, PAGE, seedOrganizations } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

const METADATA: ModuleMetadata = {
  root: {
    path: '',
    name: 'vpc',
    readme: '# VPC\n"quoted" and ünïcode',
    empty: false,
    inputs: [{ name: 'cidr', type: 'string', description: null, default: '"10.0.0.0/16"', required: false, sensitive: false }],
    outputs: [{ name: 'id', description: 'The VPC id', sensitive: false }],
    resources: [{ name: 'this', type: 'aws_vpc' }],
    providerRequirements: [{ name: 'aws', namespace: 'hashicorp', source: 'hashicorp/aws', version: '>= 5.0' }],
    moduleCalls: [],
  },
  submodules: [],
  examples: [],
}

function aModule(overrides: Partial<RegistryModule> = {}): RegistryModule {
  return {
    id: 'mod-1',
    organizationName: 'acme',
    registryName: 'private',
    namespace: 'acme',
    name: 'vpc',
    provider: 'aws',
    status: 'pending',
    publishingMechanism: 'non_vcs',
    noCode: false,
    vcsRepo: null,
    testsEnabled: false,
    createdAt: minute(0),
    updatedAt: minute(0),
    ...overrides,
  }
}

function aVersion(overrides: Partial<ModuleVersionState> = {}): ModuleVersion {
  return new ModuleVersion({
    id: 'modver-1',
    moduleId: 'mod-1',
    version: '1.0.0',
    source: 'tfe-api',
    commitSha: null,
    uploadGeneration: 0,
    archive: null,
    metadata: null,
    attempt: null,
    createdAt: minute(0),
    updatedAt: minute(0),
    ...overrides,
  })
}

/** An archive of the version `id`, which makes it `ok`. */
function archiveOf(id: string): ModuleArchive {
  return { blobKey: `modules/${id}/1.tar.gz`, sha256: 'a'.repeat(64), size: 42 }
}

/** A version that serves an archive (`ok`). */
function anOkVersion(overrides: Partial<ModuleVersionState> = {}): ModuleVersion {
  return aVersion({ archive: archiveOf(overrides.id ?? 'modver-1'), ...overrides })
}

/** A version whose latest attempt is at `status` since `at`. */
function attempting(status: AttemptStatus, at: Date, overrides: Partial<ModuleVersionState> = {}): ModuleVersion {
  const failed = status === 'clone_failed' || status === 'reg_ingress_failed'
  const attempt = { status, error: failed ? 'is not a gzip tarball' : null, commitSha: null, startedBy: 'upload link issued to user olivia', at }
  return aVersion({ uploadGeneration: 1, attempt, updatedAt: at, ...overrides })
}

const WEBHOOK_DIGEST = '0f8e4c9a1b2c4d3e8f90a1b2c3d4e5f60f8e4c9a1b2c4d3e8f90a1b2c3d4e5f6'
const OTHER_DIGEST = '7a6b5c4d3e2f4a1b9c8d7e6f5a4b3c2d7a6b5c4d3e2f4a1b9c8d7e6f5a4b3c2d'

function aVcsRepo(tokenDigest: string | null): VcsRepo {
  return {
    identifier: 'acme/vpc',
    displayIdentifier: 'acme/vpc',
    branch: '',
    tags: true,
    oauthTokenId: 'ot-1',
    githubAppInstallationId: null,
    sourceDirectory: 'modules/vpc',
    tagPrefix: 'vpc/',
    ingressSubmodules: false,
    webhook: tokenDigest === null ? null : { sealedToken: `sealed:${tokenDigest}`, tokenDigest },
  }
}

export function registryModuleRepositoryContract(name: string, open: StoreHarness): void {
  describe(`RegistryModuleRepository contract: ${name}`, () => {
    const store = useStore(open)

    async function seed(...modules: RegistryModule[]): Promise<void> {
      await seedOrganizations(store(), 'acme', 'globex')
      await store().run(async ({ registryModules }) => {
        for (const module of modules) await registryModules.add(module)
      })
    }

    // Outside a transaction, as the use cases list (on PostgreSQL, a prepared statement).
    async function list(query: Omit<RegistryModuleQuery, 'page' | 'organizationName'> & { page?: typeof PAGE }) {
      const page = await store().read(({ registryModules }) =>
        registryModules.list({ organizationName: 'acme', ...query, page: query.page ?? PAGE }),
      )
      return { total: page.total, ids: idsOf(page.items) }
    }

    it('stores a module with every field and finds it by id and by address', async () => {
      const module = aModule({ publishingMechanism: 'git_tag', vcsRepo: aVcsRepo(WEBHOOK_DIGEST), noCode: true, testsEnabled: true })
      await seed(module)
      await expect(store().run(({ registryModules }) => registryModules.findById(module.id))).resolves.toEqual(module)
      await expect(store().run(({ registryModules }) => registryModules.findByAddress('acme', module))).resolves.toEqual(module)
      const listed = { items: [module], total: 1 }
      await expect(store().read(({ registryModules }) => registryModules.list({ organizationName: 'acme', page: PAGE }))).resolves.toMatchObject(listed)
      await expect(store().run(({ registryModules }) => registryModules.list({ organizationName: 'acme', page: PAGE }))).resolves.toMatchObject(listed)
      await expect(store().run(({ registryModules }) => registryModules.findByAddress('globex', module))).resolves.toBeUndefined()
      const other = { ...module, provider: 'google' }
      await expect(store().run(({ registryModules }) => registryModules.findByAddress('acme', other))).resolves.toBeUndefined()
    })

    it('finds a VCS module by its webhook token digest, and by nothing else', async () => {
      const module = aModule({ publishingMechanism: 'git_tag', vcsRepo: aVcsRepo(WEBHOOK_DIGEST) })
      const withoutWebhook = aModule({ id: 'mod-3', name: 'old', publishingMechanism: 'git_tag', vcsRepo: aVcsRepo(null) })
      await seed(module, aModule({ id: 'mod-2', name: 'plain' }), withoutWebhook)
      const find = (digest: string) => store().run(({ registryModules }) => registryModules.findByWebhookTokenDigest(digest))
      await expect(find(WEBHOOK_DIGEST)).resolves.toEqual(module)
      await expect(find(WEBHOOK_DIGEST.toUpperCase())).resolves.toBeUndefined()
      await expect(find('')).resolves.toBeUndefined()
      await expect(store().run(({ registryModules }) => registryModules.findById('mod-3'))).resolves.toEqual(withoutWebhook)
      await store().run(({ registryModules }) => registryModules.update({ ...module, vcsRepo: aVcsRepo(OTHER_DIGEST) }))
      await expect(find(WEBHOOK_DIGEST)).resolves.toBeUndefined()
      await expect(find(OTHER_DIGEST)).resolves.toMatchObject({ id: module.id })
    })

    it('refuses a taken address with invalid on name; the same address elsewhere is fine', async () => {
      await seed(aModule())
      await expect(store().run(({ registryModules }) => registryModules.add(aModule({ id: 'mod-2' })))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
      await store().run(async ({ registryModules }) => {
        await registryModules.add(aModule({ id: 'mod-3', organizationName: 'globex' }))
        await registryModules.add(aModule({ id: 'mod-4', registryName: 'public' }))
      })
    })

    it('pages through the modules published from VCS, with their organizations, across organizations, in id order', async () => {
      await seed(
        aModule({ id: 'mod-c', name: 'c', publishingMechanism: 'git_tag' }),
        aModule({ id: 'mod-a', name: 'a', publishingMechanism: 'branch' }),
        aModule({ id: 'mod-b', name: 'b' }),
        aModule({ id: 'mod-d', name: 'd', organizationName: 'globex', publishingMechanism: 'git_tag' }),
      )
      await expect(store().run(({ registryModules }) => registryModules.vcsModules('', 2))).resolves.toEqual([
        { id: 'mod-a', organizationName: 'acme' },
        { id: 'mod-c', organizationName: 'acme' },
      ])
      await expect(store().run(({ registryModules }) => registryModules.vcsModules('mod-c', 2))).resolves.toEqual([{ id: 'mod-d', organizationName: 'globex' }])
    })

    it('finds the versions whose latest attempt came to reg_ingressing before a time, by either route, oldest first', async () => {
      await seed(aModule({ id: 'mod-1' }), aModule({ id: 'mod-v', name: 'v', publishingMechanism: 'git_tag' }))
      await store().run(async ({ registryModules }) => {
        await registryModules.addVersion(attempting('reg_ingressing', minute(4), { id: 'modver-late', version: '1.0.1' }))
        await registryModules.addVersion(attempting('reg_ingressing', minute(1), { id: 'modver-old', version: '1.0.2', updatedAt: minute(5) }))
        // A re-upload of a version that is ok meanwhile.
        await registryModules.addVersion(attempting('reg_ingressing', minute(2), { id: 'modver-mid', version: '1.0.3', archive: archiveOf('modver-mid') }))
        await registryModules.addVersion(anOkVersion({ id: 'modver-ok', version: '1.0.4', updatedAt: minute(1) }))
        await registryModules.addVersion(attempting('reg_ingress_failed', minute(1), { id: 'modver-failed', version: '1.0.5' }))
        await registryModules.addVersion(attempting('reg_ingressing', minute(2), { id: 'modver-vcs', moduleId: 'mod-v' }))
      })
      const stuck = (limit: number) => store().run(({ registryModules }) => registryModules.stuckUploadIds(minute(3), limit))
      await expect(stuck(10)).resolves.toEqual(['modver-old', 'modver-mid', 'modver-vcs'])
      await expect(stuck(1)).resolves.toEqual(['modver-old'])
    })

    it('keeps a version\'s attempt apart from the archive it serves: an ok version with a failed attempt is still served and published', async () => {
      await seed(aModule())
      const failedAgain = attempting('reg_ingress_failed', minute(3), { archive: archiveOf('modver-1'), metadata: METADATA, commitSha: 'abc' })
      const attempt = { status: 'cloning', error: null, commitSha: 'def', startedBy: 'the module repository', at: minute(4) } as const
      const cloning = aVersion({ id: 'modver-2', version: '2.0.0', commitSha: 'def', uploadGeneration: 1, attempt })
      await store().run(async ({ registryModules }) => {
        await registryModules.addVersion(failedAgain)
        await registryModules.addVersion(cloning)
      })
      await expect(store().run(({ registryModules }) => registryModules.findVersionById('modver-1'))).resolves.toEqual(failedAgain)
      expect(failedAgain).toMatchObject({ status: 'ok', error: null })
      await expect(store().run(({ registryModules }) => registryModules.findVersionById('modver-2'))).resolves.toEqual(cloning)
      const { metadata: _metadata, ...summary } = failedAgain
      const versions = await store().run(({ registryModules }) => registryModules.versionsOf(['mod-1']))
      expect(versions.get('mod-1')).toEqual([{ ...summary, downloads: 0 }, expect.objectContaining({ status: 'cloning', attempt: cloning.attempt })])
      expect(idsOf(await store().run(({ registryModules }) => registryModules.servedVersions({ organizationName: 'acme', address: aModule() })))).toEqual(['modver-1'])
      expect(idsOf(await store().run(({ registryModules }) => registryModules.published({ offset: 0, limit: 10 })))).toEqual(['mod-1'])
      const settled = failedAgain.startUpload('upload link issued to user olivia', minute(5)).settle(2, { archive: archiveOf('modver-1b'), metadata: METADATA }, minute(6))
      await store().run(({ registryModules }) => registryModules.updateVersion(settled))
      await expect(store().run(({ registryModules }) => registryModules.findVersionById('modver-1'))).resolves.toEqual(settled)
      expect(settled.attempt).toBeNull()
    })

    it('refuses a module of an organization it does not have with not_found', async () => {
      const orphan = aModule({ organizationName: 'missing' })
      await expect(store().run(({ registryModules }) => registryModules.add(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it("lists an organization's modules by namespace, name and provider, searched, filtered and paged", async () => {
      await seed(
        aModule({ id: 'mod-1', namespace: 'net', name: 'vpc', provider: 'aws' }),
        aModule({ id: 'mod-2', namespace: 'net', name: 'vpc', provider: 'azurerm' }),
        aModule({ id: 'mod-3', namespace: 'app', name: 'web_site', provider: 'aws' }),
        aModule({ id: 'mod-4', namespace: 'net', name: 'dns', provider: 'aws', registryName: 'public' }),
        aModule({ id: 'mod-5', organizationName: 'globex' }),
      )
      await expect(list({})).resolves.toEqual({ total: 4, ids: ['mod-3', 'mod-4', 'mod-1', 'mod-2'] })
      await expect(list({ page: { number: 2, size: 3 } })).resolves.toEqual({ total: 4, ids: ['mod-2'] })
      await expect(list({ search: 'NET' })).resolves.toEqual({ total: 3, ids: ['mod-4', 'mod-1', 'mod-2'] })
      await expect(list({ search: 'azure' })).resolves.toEqual({ total: 1, ids: ['mod-2'] })
      await expect(list({ search: 'b_s' })).resolves.toEqual({ total: 1, ids: ['mod-3'] })
      await expect(list({ search: '%' })).resolves.toEqual({ total: 0, ids: [] })
      await expect(list({ registryName: 'public' })).resolves.toEqual({ total: 1, ids: ['mod-4'] })
      await expect(list({ provider: 'aws', registryName: 'private' })).resolves.toEqual({ total: 2, ids: ['mod-3', 'mod-1'] })
    })

    it('lists the most recently published first: by the latest ok version, modules without one last', async () => {
      await seed(
        aModule({ id: 'mod-1', name: 'alpha' }),
        aModule({ id: 'mod-2', name: 'beta' }),
        aModule({ id: 'mod-3', name: 'gamma' }),
        aModule({ id: 'mod-4', name: 'delta' }),
      )
      await store().run(async ({ registryModules }) => {
        await registryModules.addVersion(anOkVersion({ id: 'modver-1', moduleId: 'mod-1', createdAt: minute(1) }))
        await registryModules.addVersion(anOkVersion({ id: 'modver-2', moduleId: 'mod-2', createdAt: minute(2) }))
        // A newer version that failed does not count.
        await registryModules.addVersion(attempting('reg_ingress_failed', minute(5), { id: 'modver-3', moduleId: 'mod-1', version: '2.0.0', createdAt: minute(5) }))
        await registryModules.addVersion(anOkVersion({ id: 'modver-4', moduleId: 'mod-3', createdAt: minute(3) }))
      })
      await expect(list({ sort: 'recently-published' })).resolves.toEqual({ total: 4, ids: ['mod-3', 'mod-2', 'mod-1', 'mod-4'] })
      await expect(list({ sort: 'recently-published', page: { number: 2, size: 3 } })).resolves.toEqual({ total: 4, ids: ['mod-4'] })
      await expect(list({ sort: 'name' })).resolves.toEqual({ total: 4, ids: ['mod-1', 'mod-2', 'mod-4', 'mod-3'] })
    })

    it('tells the providers of one module, ordered by provider', async () => {
      await seed(aModule({ id: 'mod-1', provider: 'google' }), aModule({ id: 'mod-2', provider: 'aws' }), aModule({ id: 'mod-3', name: 'dns' }))
      const providers = await store().run(({ registryModules }) =>
        registryModules.providersOf('acme', { registryName: 'private', namespace: 'acme', name: 'vpc' }),
      )
      expect(idsOf(providers)).toEqual(['mod-2', 'mod-1'])
    })

    it('updates a module, and refuses one it does not have with not_found', async () => {
      await seed(aModule())
      const changed = aModule({ status: 'setup_complete', updatedAt: minute(5) })
      await store().run(({ registryModules }) => registryModules.update(changed))
      await expect(store().run(({ registryModules }) => registryModules.findById(changed.id))).resolves.toEqual(changed)
      const missing = aModule({ id: 'mod-missing' })
      await expect(store().run(({ registryModules }) => registryModules.update(missing))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('stores versions with their archive and metadata, refusing a taken version or an unknown module', async () => {
      await seed(aModule())
      const archive = { blobKey: 'modules/modver-1.tar.gz', sha256: 'a'.repeat(64), size: 5_000_000_000 }
      const version = aVersion({ archive, metadata: METADATA, uploadGeneration: 2, commitSha: 'abc' })
      await store().run(({ registryModules }) => registryModules.addVersion(version))
      await expect(store().run(({ registryModules }) => registryModules.findVersionById(version.id))).resolves.toEqual(version)
      await expect(store().run(({ registryModules }) => registryModules.findVersion('mod-1', '1.0.0'))).resolves.toEqual(version)
      await expect(store().run(({ registryModules }) => registryModules.findVersion('mod-1', '2.0.0'))).resolves.toBeUndefined()
      const again = aVersion({ id: 'modver-2' })
      await expect(store().run(({ registryModules }) => registryModules.addVersion(again))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version' }],
      })
      const orphan = aVersion({ id: 'modver-3', moduleId: 'mod-missing' })
      await expect(store().run(({ registryModules }) => registryModules.addVersion(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it("updates and removes versions, and lists an organization's archives", async () => {
      await seed(aModule())
      await store().run(({ registryModules }) => registryModules.addVersion(aVersion()))
      const archive = { blobKey: 'modules/modver-1.tar.gz', sha256: 'b'.repeat(64), size: 10 }
      const uploaded = aVersion({ archive, metadata: METADATA, updatedAt: minute(3) })
      await store().run(({ registryModules }) => registryModules.updateVersion(uploaded))
      await expect(store().run(({ registryModules }) => registryModules.findVersionById(uploaded.id))).resolves.toEqual(uploaded)
      await expect(store().run(({ registryModules }) => registryModules.archiveKeysOfOrganization('acme'))).resolves.toEqual([
        archive.blobKey,
      ])
      await expect(store().run(({ registryModules }) => registryModules.archiveKeysOfOrganization('other'))).resolves.toEqual([])
      const missing = aVersion({ id: 'modver-missing' })
      await expect(store().run(({ registryModules }) => registryModules.updateVersion(missing))).rejects.toMatchObject({
        code: 'not_found',
      })
      await store().run(({ registryModules }) => registryModules.removeVersion(uploaded.id))
      await expect(store().run(({ registryModules }) => registryModules.archiveKeysOfOrganization('acme'))).resolves.toEqual([])
    })

    it('tells the versions of each module oldest first, and removes a module with its versions', async () => {
      await seed(aModule(), aModule({ id: 'mod-2', provider: 'google' }), aModule({ id: 'mod-3', provider: 'azurerm' }))
      await store().run(async ({ registryModules }) => {
        await registryModules.addVersion(aVersion({ id: 'modver-b', version: '1.1.0', createdAt: minute(2) }))
        await registryModules.addVersion(aVersion({ id: 'modver-a', version: '1.0.0', createdAt: minute(1) }))
        await registryModules.addVersion(aVersion({ id: 'modver-c', moduleId: 'mod-2' }))
      })
      const versions = await store().run(({ registryModules }) => registryModules.versionsOf(['mod-1', 'mod-3', 'mod-missing']))
      expect(new Map([...versions].map(([id, list]) => [id, idsOf(list)]))).toEqual(
        new Map([['mod-1', ['modver-a', 'modver-b']], ['mod-3', []], ['mod-missing', []]]),
      )
      await store().run(({ registryModules }) => registryModules.remove('mod-1'))
      await expect(store().run(({ registryModules }) => registryModules.findVersionById('modver-a'))).resolves.toBeUndefined()
      await expect(store().run(({ registryModules }) => registryModules.findVersionById('modver-c'))).resolves.toBeDefined()
      await store().run(({ organizations }) => organizations.remove('acme'))
      await expect(store().run(({ registryModules }) => registryModules.findById('mod-2'))).resolves.toBeUndefined()
      await expect(store().run(({ registryModules }) => registryModules.findVersionById('modver-c'))).resolves.toBeUndefined()
    })
    it('lists versions without their metadata, and loads metadata only for the versions asked', async () => {
      await seed(aModule())
      const archive = { blobKey: 'modules/modver-1/1.tar.gz', sha256: 'c'.repeat(64), size: 42 }
      const { metadata: _metadata, ...summary } = aVersion({ archive, metadata: METADATA })
      await store().run(async ({ registryModules }) => {
        await registryModules.addVersion(aVersion({ archive, metadata: METADATA }))
        await registryModules.addVersion(aVersion({ id: 'modver-2', version: '2.0.0', createdAt: minute(1) }))
      })
      const versions = await store().run(({ registryModules }) => registryModules.versionsOf(['mod-1']))
      expect(versions.get('mod-1')?.[0]).toEqual({ ...summary, downloads: 0 })
      expect(versions.get('mod-1')?.[0]).not.toHaveProperty('metadata')
      const metadata = await store().run(({ registryModules }) => registryModules.versionMetadata(['modver-1', 'modver-2', 'modver-missing']))
      expect(metadata).toEqual(new Map([['modver-1', METADATA]]))
      await expect(store().run(({ registryModules }) => registryModules.versionMetadata([]))).resolves.toEqual(new Map())
    })

    describe('servedVersions (the registry protocol in one read)', () => {
      const archive = { blobKey: 'modules/modver-1/1.tar.gz', sha256: 'c'.repeat(64), size: 42 }
      const served = (query: Partial<ServedVersionsQuery> = {}) =>
        store().run(({ registryModules }) =>
          registryModules.servedVersions({ organizationName: 'acme', address: aModule(), ...query }),
        )

      async function seedServed() {
        await seed(aModule(), aModule({ id: 'mod-2', provider: 'google' }))
        await store().run(async ({ registryModules }) => {
          await registryModules.addVersion(anOkVersion({ id: 'modver-2', version: '2.0.0', metadata: METADATA, createdAt: minute(2) }))
          await registryModules.addVersion(aVersion({ archive, metadata: METADATA, createdAt: minute(1) }))
          await registryModules.addVersion(attempting('reg_ingress_failed', minute(3), { id: 'modver-3', version: '3.0.0', createdAt: minute(3) }))
          await registryModules.addVersion(anOkVersion({ id: 'modver-g', moduleId: 'mod-2' }))
        })
      }

      it("gives the provider's ok versions only, oldest first, with their archive and the requirements of their metadata", async () => {
        await seedServed()
        const submodule = { ...METADATA.root, path: 'modules/subnet', name: 'subnet', moduleCalls: [{ name: 'labels', source: './labels', version: '' }] }
        await store().run(async ({ registryModules }) => {
          await registryModules.addVersion(anOkVersion({ id: 'modver-4', version: '4.0.0', createdAt: minute(4) }))
          const metadata = { ...METADATA, submodules: [submodule], examples: [{ ...submodule, path: 'examples/basic' }] }
          await registryModules.addVersion(anOkVersion({ id: 'modver-5', version: '5.0.0', metadata, createdAt: minute(5) }))
        })
        const root = { providers: METADATA.root.providerRequirements, dependencies: [] }
        const none = { providers: [], dependencies: [] }
        await expect(served()).resolves.toEqual([
          { id: 'modver-1', version: '1.0.0', archive, root, submodules: [] },
          { id: 'modver-2', version: '2.0.0', archive: archiveOf('modver-2'), root, submodules: [] },
          { id: 'modver-4', version: '4.0.0', archive: archiveOf('modver-4'), root: none, submodules: [] },
          { id: 'modver-5', version: '5.0.0', archive: archiveOf('modver-5'), root, submodules: [{ path: 'modules/subnet', ...root, dependencies: submodule.moduleCalls }] },
        ])
      })

      it('gives nothing for another provider, organization or registry', async () => {
        await seedServed()
        await expect(served({ address: aModule({ provider: 'azure' }) })).resolves.toEqual([])
        await expect(served({ organizationName: 'globex' })).resolves.toEqual([])
        await expect(served({ address: aModule({ registryName: 'public' }) })).resolves.toEqual([])
        expect(idsOf(await served({ address: aModule({ provider: 'google' }) }))).toEqual(['modver-g'])
      })

      // Outside a transaction a store may run the statement differently (PostgreSQL: prepared once per connection).
      it('gives the same outside a transaction, run after run', async () => {
        await seedServed()
        const read = (query: Partial<ServedVersionsQuery> = {}) =>
          store().read(({ registryModules }) => registryModules.servedVersions({ organizationName: 'acme', address: aModule(), ...query }))
        const expected = await served()
        for (let run = 0; run < 7; run++) {
          await expect(read()).resolves.toEqual(expected)
          await expect(read({ organizationName: 'globex' })).resolves.toEqual([])
          expect(idsOf(await read({ address: aModule({ provider: 'google' }) }))).toEqual(['modver-g'])
        }
      })
    })

    it('adds downloads in place, which later version updates leave alone', async () => {
      await seed(aModule())
      await store().run(async ({ registryModules }) => {
        await registryModules.addVersion(aVersion())
        await registryModules.addVersion(aVersion({ id: 'modver-2', version: '2.0.0', createdAt: minute(1) }))
      })
      await store().run(({ registryModules }) => registryModules.addDownloads(new Map([['modver-1', 1]])))
      await store().run(({ registryModules }) => registryModules.addDownloads(new Map([['modver-1', 2], ['modver-2', 5], ['modver-missing', 1]])))
      await store().run(({ registryModules }) => registryModules.updateVersion(anOkVersion({ updatedAt: minute(9) })))
      const versions = await store().run(({ registryModules }) => registryModules.versionsOf(['mod-1']))
      expect(versions.get('mod-1')?.map((version) => [version.id, version.downloads])).toEqual([['modver-1', 3], ['modver-2', 5]])
    })

    it('lists private modules with an ok version across organizations, filtered and cut by offset and limit', async () => {
      await seed(
        aModule({ id: 'mod-1', name: 'vpc', provider: 'aws' }),
        aModule({ id: 'mod-2', name: 'vpc', provider: 'google' }),
        aModule({ id: 'mod-3', name: 'dns', provider: 'aws' }),
        aModule({ id: 'mod-4', name: 'pending', provider: 'aws' }),
        aModule({ id: 'mod-5', namespace: 'globex', organizationName: 'globex', name: 'net', provider: 'aws' }),
        aModule({ id: 'mod-6', name: 'curated', provider: 'aws', registryName: 'public' }),
      )
      await store().run(async ({ registryModules }) => {
        for (const moduleId of ['mod-1', 'mod-2', 'mod-3', 'mod-5', 'mod-6']) {
          await registryModules.addVersion(anOkVersion({ id: `v-${moduleId}`, moduleId }))
          await registryModules.addVersion(anOkVersion({ id: `w-${moduleId}`, moduleId, version: '2.0.0' }))
        }
        await registryModules.addVersion(attempting('reg_ingress_failed', minute(1), { id: 'v-mod-4', moduleId: 'mod-4' }))
      })
      const published = async (query: Partial<PublishedModuleQuery>) =>
        idsOf(await store().run(({ registryModules }) => registryModules.published({ offset: 0, limit: 50, ...query })))
      await expect(published({})).resolves.toEqual(['mod-3', 'mod-1', 'mod-2', 'mod-5'])
      await expect(published({ organizationNames: ['acme'] })).resolves.toEqual(['mod-3', 'mod-1', 'mod-2'])
      await expect(published({ organizationNames: [] })).resolves.toEqual([])
      await expect(published({ offset: 1, limit: 2 })).resolves.toEqual(['mod-1', 'mod-2'])
      await expect(published({ search: 'GOOG' })).resolves.toEqual(['mod-2'])
      await expect(published({ search: 'v_c' })).resolves.toEqual([])
      await expect(published({ provider: 'aws', namespace: 'acme' })).resolves.toEqual(['mod-3', 'mod-1'])
    })
  })
}
