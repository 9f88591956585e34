import { inMemoryDeps } from '@cairn/testing'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CairnError } from '../errors/cairn-error.ts'
import type { ModuleVersion } from '../modules/module-version.ts'
import type { ByteStream, VcsClient, VcsTree } from '../index.ts'
import { IngestVcsVersion } from './ingest-vcs-version.ts'
import { pendingVcsVersion } from './sync-vcs-tags.ts'
import { createTagBasedModule } from './test-support/tag-based-module.ts'

async function* bytes(text: string): ByteStream {
  yield new TextEncoder().encode(text)
}

/** A git host whose commits hold the given archive text, or fail with the given error. */
class FakeVcs implements VcsClient {
  readonly archived: string[] = []
  readonly commits: Record<string, string | CairnError>
  constructor(commits: Record<string, string | CairnError>) {
    this.commits = commits
  }
  async refs() {
    return { tags: [], branches: [] }
  }
  async archive(_remote: unknown, { commitSha, sourceDirectory }: VcsTree): Promise<ByteStream> {
    this.archived.push(`${commitSha}:${sourceDirectory ?? ''}`)
    const content = this.commits[commitSha]
    if (content === undefined) throw new CairnError('not_found', 'no such commit')
    if (content instanceof CairnError) throw content
    return bytes(content)
  }
  async latestCommits() {
    return []
  }
}

describe('IngestVcsVersion (spec §2.2: each tag cloned and parsed)', () => {
  let deps: ReturnType<typeof inMemoryDeps>
  let vcs: FakeVcs
  let ingest: IngestVcsVersion
  let moduleId = ''

  beforeEach(async () => {
    deps = inMemoryDeps()
    moduleId = await createTagBasedModule(deps)
    vcs = new FakeVcs({
      good: 'module tree',
      invalid: 'bad tree',
      refused: new CairnError('invalid', 'refused', [{ field: 'oauth-token-id', message: 'the git host refused its credential' }]),
      down: new CairnError('unavailable', 'cannot reach the git host at http://git.test/'),
    })
    const sourceOf = async () => ({ remote: { url: 'http://git.test/acme/terraform-aws-vpc.git' }, sourceDirectory: 'modules/vpc' })
    ingest = new IngestVcsVersion({ ...deps, vcs, sourceOf })
  })

  async function versionAt(commitSha: string, version = '1.0.0'): Promise<string> {
    const created = pendingVcsVersion({ id: `modver-${commitSha}`, moduleId, version, commitSha }, deps.clock.now())
    await deps.unitOfWork.run(({ registryModules }) => registryModules.addVersion(created))
    return created.id
  }

  const stored = (id: string) => deps.unitOfWork.run(({ registryModules }) => registryModules.findVersionById(id))
  async function blobKeys(): Promise<string[]> {
    const keys: string[] = []
    for await (const key of deps.blobs.list('modules/')) keys.push(key)
    return keys
  }

  it('archives the commit (its source directory), stores and analyses it: the version is ok, the module set up', async () => {
    const id = await versionAt('good')
    await ingest.execute({ versionId: id })
    const version = await stored(id)
    expect(version).toMatchObject({ status: 'ok', error: null, metadata: expect.objectContaining({ root: expect.anything() }) })
    expect(vcs.archived).toEqual(['good:modules/vpc'])
    expect(await blobKeys()).toEqual([version?.archive?.blobKey])
    const module = await deps.unitOfWork.run(({ registryModules }) => registryModules.findById(moduleId))
    expect(module?.status).toBe('setup_complete')
  })

  it('never clones a version that is ok again', async () => {
    const id = await versionAt('good')
    await ingest.execute({ versionId: id })
    await ingest.execute({ versionId: id })
    expect(vcs.archived).toEqual(['good:modules/vpc'])
  })

  it('fails a tree that is not a valid module with the reason, keeping no blob', async () => {
    const id = await versionAt('invalid')
    await ingest.execute({ versionId: id })
    expect(await stored(id)).toMatchObject({ status: 'reg_ingress_failed', error: 'is not a gzip tarball' })
    expect(await blobKeys()).toEqual([])
  })

  it('records clone_failed with the reason when the host refuses the credential, and does not ask for a retry', async () => {
    const id = await versionAt('refused')
    await ingest.execute({ versionId: id })
    expect(await stored(id)).toMatchObject({ status: 'clone_failed', error: 'the git host refused its credential' })
  })

  it('records clone_failed and raises unavailable when the host is down, so that the job is retried', async () => {
    const id = await versionAt('down')
    await expect(ingest.execute({ versionId: id })).rejects.toMatchObject({ code: 'unavailable' })
    expect(await stored(id)).toMatchObject({ status: 'clone_failed', error: 'cannot reach the git host at http://git.test/' })
    vcs.commits['down'] = 'module tree'
    await ingest.execute({ versionId: id })
    expect(await stored(id)).toMatchObject({ status: 'ok' })
  })

  it('removes the blob of an attempt lost to a crash when the job runs again', async () => {
    const id = await versionAt('good')
    const lost = { ...(await stored(id)), status: 'reg_ingressing', uploadGeneration: 1 } as ModuleVersion
    await deps.unitOfWork.run(({ registryModules }) => registryModules.updateVersion(lost))
    await deps.blobs.put('modules/' + id + '/1.tar.gz', bytes('half'))
    const keysBefore = await blobKeys()
    await ingest.execute({ versionId: id })
    const version = await stored(id)
    expect(version?.status).toBe('ok')
    expect(await blobKeys()).toEqual([version?.archive?.blobKey])
    expect(keysBefore).not.toContain(version?.archive?.blobKey)
  })

  describe('an attempt that overran, still running when the retry claims the version', () => {
    /** The stale attempt's clone, answered only when the test says so. */
    let answer: (outcome: ByteStream | CairnError) => void = () => undefined
    let staleIngest: IngestVcsVersion

    beforeEach(() => {
      const stalled: VcsClient = {
        ...vcs,
        refs: () => vcs.refs(),
        latestCommits: () => vcs.latestCommits(),
        archive: () =>
          new Promise<ByteStream>((resolve, reject) => {
            answer = (outcome) => (outcome instanceof CairnError ? reject(outcome) : resolve(outcome))
          }),
      }
      staleIngest = new IngestVcsVersion({ ...deps, vcs: stalled, sourceOf: async () => ({ remote: { url: 'http://git.test/slow.git' } }) })
    })

    async function retriedWhileStale(): Promise<{ id: string; stale: Promise<void>; retried: ModuleVersion | undefined }> {
      const id = await versionAt('good')
      const stale = staleIngest.execute({ versionId: id })
      await vi.waitFor(async () => expect((await stored(id))?.status).toBe('cloning'))
      await ingest.execute({ versionId: id })
      return { id, stale, retried: await stored(id) }
    }

    it('publishes nothing of its own when its clone answers late: the retry stays ok, with its archive alone', async () => {
      const { id, stale, retried } = await retriedWhileStale()
      expect(retried).toMatchObject({ status: 'ok', uploadGeneration: 2 })
      answer(bytes('module tree'))
      await stale
      expect(await stored(id)).toEqual(retried)
      expect(await blobKeys()).toEqual([retried?.archive?.blobKey])
    })

    it('records no failure over the retry when its clone fails late', async () => {
      const { id, stale, retried } = await retriedWhileStale()
      answer(new CairnError('unavailable', 'the git host went away'))
      await expect(stale).rejects.toMatchObject({ code: 'unavailable' })
      expect(await stored(id)).toEqual(retried)
    })
  })
})
