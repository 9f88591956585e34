import { FAKE_METADATA, inMemoryDeps } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ModuleVersion } from '../modules/module-version.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { VcsClient, VcsRef } from '../ports/vcs-client.ts'
import { MAX_VERSIONS_ADDED_PER_SYNC, SyncVcsTags } from './sync-vcs-tags.ts'
import { createTagBasedModule } from './test-support/tag-based-module.ts'

describe('SyncVcsTags (spec §2.2: tags that look like semver become versions)', () => {
  let deps: ReturnType<typeof inMemoryDeps>
  let tags: VcsRef[]
  let tagPrefix: string | undefined
  let sync: SyncVcsTags
  let vcs: VcsClient
  let moduleId = ''
  const sourceOf = async () => ({ remote: { url: 'http://git.test/r.git' }, ...(tagPrefix !== undefined && { tagPrefix }) })

  beforeEach(async () => {
    deps = inMemoryDeps()
    moduleId = await createTagBasedModule(deps)
    tags = []
    tagPrefix = undefined
    vcs = {
      refs: async () => ({ tags, branches: [] }),
      archive: async () => {
        throw new Error('not archived here')
      },
      latestCommits: async () => [],
    }
    sync = new SyncVcsTags({ ...deps, vcs, sourceOf })
  })

  /** Applies `change` to the stored version, as the ingestion and the analysis would. */
  async function advance(versionId: string, change: (version: ModuleVersion) => ModuleVersion): Promise<ModuleVersion> {
    return deps.unitOfWork.run(async ({ moduleVersions }) => {
      const changed = change((await moduleVersions.findById(versionId))!)
      await moduleVersions.update(changed)
      return changed
    })
  }

  /** The version ingested from `commitSha` and served. */
  const serve = (versionId: string, commitSha: string) =>
    advance(versionId, (version) => {
      const cloning = version.startClone(commitSha, 'the module repository', deps.clock.now())
      const archive = { blobKey: `modules/${versionId}/${cloning.uploadGeneration}.tar.gz`, sha256: 'a'.repeat(64), size: 1 }
      return cloning
        .cloned(cloning.uploadGeneration, deps.clock.now())
        .settle(cloning.uploadGeneration, { archive, metadata: FAKE_METADATA }, deps.clock.now())
    })

  const versions = () =>
    deps.unitOfWork.run(async ({ moduleVersions }) =>
      (await moduleVersions.versionsOf([moduleId]))
        .get(moduleId)
        ?.map((v) => `${v.version}@${v.commitSha ?? ''}:${v.status}`)
        .sort(),
    )

  it('adds a pending version per semver tag, v-prefixed or not, and ignores the others', async () => {
    tags = [
      { name: 'v1.0.0', commitSha: 'a' },
      { name: '1.1.0', commitSha: 'b' },
      { name: 'latest', commitSha: 'b' },
    ]
    const { toIngest } = await sync.execute({ moduleId })
    expect(toIngest).toHaveLength(2)
    expect(await versions()).toEqual(['1.0.0@a:pending', '1.1.0@b:pending'])
  })

  it("never adds a version twice, and queues again only those not ok, each with its tag's commit", async () => {
    tags = [{ name: 'v1.0.0', commitSha: 'a' }]
    const [first] = (await sync.execute({ moduleId })).toIngest
    expect(first).toEqual({ versionId: expect.any(String), commitSha: 'a' })
    await serve(first?.versionId ?? '', 'a')
    tags = [...tags, { name: '1.0.0', commitSha: 'a' }, { name: 'v2.0.0', commitSha: 'c' }]
    const { toIngest } = await sync.execute({ moduleId })
    expect(toIngest).toEqual([{ versionId: expect.any(String), commitSha: 'c' }])
    expect(await versions()).toEqual(['1.0.0@a:ok', '2.0.0@c:pending'])
    await expect(sync.execute({ moduleId })).resolves.toMatchObject({ toIngest, complete: true })
  })

  it('a tag moved to another commit queues its ok version again, with the new commit', async () => {
    tags = [{ name: 'v1.1.0', commitSha: 'a' }]
    const [first] = (await sync.execute({ moduleId })).toIngest
    const versionId = first?.versionId ?? ''
    await serve(versionId, 'a')
    tags = [{ name: 'v1.1.0', commitSha: 'b' }]
    await expect(sync.execute({ moduleId })).resolves.toMatchObject({ toIngest: [{ versionId, commitSha: 'b' }] })
    expect(await versions()).toEqual(['1.1.0@a:ok'])
  })

  it("not while an attempt at the tag's commit is under way, nor again once its archive was refused; a further move retries", async () => {
    tags = [{ name: 'v1.1.0', commitSha: 'a' }]
    const versionId = (await sync.execute({ moduleId })).toIngest[0]?.versionId ?? ''
    await serve(versionId, 'a')
    tags = [{ name: 'v1.1.0', commitSha: 'b' }]
    const cloning = await advance(versionId, (version) => version.startClone('b', 'the module repository', deps.clock.now()))
    await expect(sync.execute({ moduleId })).resolves.toMatchObject({ toIngest: [] })
    await advance(versionId, (version) =>
      version.cloned(cloning.uploadGeneration, deps.clock.now()).refuseArchive(cloning.uploadGeneration, 'bad tree', deps.clock.now()),
    )
    await expect(sync.execute({ moduleId })).resolves.toMatchObject({ toIngest: [] })
    tags = [{ name: 'v1.1.0', commitSha: 'c' }]
    await expect(sync.execute({ moduleId })).resolves.toMatchObject({ toIngest: [{ versionId, commitSha: 'c' }] })
  })

  it('with immutable versions, a moved tag leaves its ok version alone', async () => {
    const immutable = new SyncVcsTags({ ...deps, immutableVersions: true, vcs, sourceOf })
    tags = [{ name: 'v1.1.0', commitSha: 'a' }]
    const versionId = (await immutable.execute({ moduleId })).toIngest[0]?.versionId ?? ''
    await serve(versionId, 'a')
    tags = [{ name: 'v1.1.0', commitSha: 'b' }]
    await expect(immutable.execute({ moduleId })).resolves.toMatchObject({ toIngest: [] })
  })

  it('takes only tags with the module tag prefix', async () => {
    tagPrefix = 'vpc/'
    tags = [
      { name: 'vpc/v1.0.0', commitSha: 'a' },
      { name: 'subnet/v3.0.0', commitSha: 'b' },
    ]
    await sync.execute({ moduleId })
    expect(await versions()).toEqual(['1.0.0@a:pending'])
  })

  it('marks a module without version tags no_version_tags', async () => {
    tags = [{ name: 'latest', commitSha: 'a' }]
    await expect(sync.execute({ moduleId })).resolves.toMatchObject({ toIngest: [], complete: true })
    const module = await deps.unitOfWork.run(({ registryModules }) => registryModules.findById(moduleId))
    expect(module?.status).toBe('no_version_tags')
  })

  it('adds at most MAX_VERSIONS_ADDED_PER_SYNC versions a sync, newest first, and says when tags remain', async () => {
    tags = Array.from({ length: 201 }, (_, n) => ({ name: `v1.${n}.0`, commitSha: `c${n}` }))
    const first = await sync.execute({ moduleId })
    expect(first).toMatchObject({ complete: false, toIngest: expect.any(Array) })
    expect(first.toIngest).toHaveLength(MAX_VERSIONS_ADDED_PER_SYNC)
    const added = async () => ((await versions()) ?? []).map((v) => v.split('@')[0] ?? '')
    expect(await added()).toContain('1.200.0')
    expect(await added()).not.toContain('1.150.0')
    const second = await sync.execute({ moduleId })
    // The first sync's versions are still pending, so they are answered again beside the new ones.
    expect(second.toIngest).toHaveLength(2 * MAX_VERSIONS_ADDED_PER_SYNC)
    let syncs = 2
    while (!(await sync.execute({ moduleId })).complete) syncs += 1
    expect({ syncs: syncs + 1, added: (await added()).length }).toEqual({ syncs: 5, added: 201 })
  })

  it("reads the module's versions a bounded number of times a sync, however many tags the repository has", async () => {
    tags = Array.from({ length: 5000 }, (_, n) => ({ name: `v1.${n}.0`, commitSha: `c${n}` }))
    let reads = 0
    const counted: UnitOfWork = {
      read: (work) => deps.unitOfWork.read(work),
      autocommit: (work) => deps.unitOfWork.autocommit(work),
      run: (work) =>
        deps.unitOfWork.run((repositories) => {
          const registryModules = new Proxy(repositories.registryModules, {
            get(target, name) {
              const value: unknown = Reflect.get(target, name)
              if (typeof value !== 'function') return value
              return (...args: unknown[]): unknown => {
                if (String(name).startsWith('find') || name === 'versionsOf') reads += 1
                return Reflect.apply(value, target, args)
              }
            },
          })
          return work({ ...repositories, registryModules })
        }),
    }
    const counting = new SyncVcsTags({ ...deps, unitOfWork: counted, vcs, sourceOf })
    await counting.execute({ moduleId })
    await counting.execute({ moduleId })
    expect(reads).toBeLessThan(10)
  })
})
