import { inMemoryDeps, settledVersion } from '@cairn/testing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CairnError } from '../errors/cairn-error.ts'
import { AnalyseUpload } from '../modules/analyse-upload.ts'
import { ModuleVersion } from '../modules/module-version.ts'
import { workUploadJobs } from '../modules/upload-jobs.ts'
import type { ByteStream, VcsClient, VcsTree } from '../index.ts'
import { IngestVcsVersion } from './ingest-vcs-version.ts'
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
    await workUploadJobs(deps.jobs, new AnalyseUpload(deps))
  })
  afterEach(() => deps.jobs.stop())

  async function versionAt(commitSha: string, version = '1.0.0'): Promise<string> {
    const created = ModuleVersion.pending({ id: `modver-${commitSha}`, moduleId, version, commitSha }, deps.clock.now())
    await deps.unitOfWork.run(({ moduleVersions }) => moduleVersions.add(created))
    return created.id
  }

  const stored = (id: string) => deps.unitOfWork.run(({ moduleVersions }) => moduleVersions.findById(id))
  /** Ingests the version (from `commitSha` when given), then waits for the analysis to settle it. */
  async function ingested(versionId: string, commitSha?: string): Promise<ModuleVersion> {
    await ingest.execute({ versionId, ...(commitSha !== undefined && { commitSha }) })
    return settledVersion(deps.unitOfWork, versionId)
  }
  async function blobKeys(): Promise<string[]> {
    const keys: string[] = []
    for await (const key of deps.blobs.list('modules/')) keys.push(key)
    return keys
  }

  it('archives the commit (its source directory) and stores it for the analysis uploads get too: the version is then ok, the module set up', async () => {
    const id = await versionAt('good')
    await ingest.execute({ versionId: id })
    expect(await stored(id)).toMatchObject({ status: 'reg_ingressing', attempt: { commitSha: 'good', startedBy: 'the module repository' } })
    const version = await settledVersion(deps.unitOfWork, id)
    expect(version).toMatchObject({
      status: 'ok',
      error: null,
      attempt: null,
      commitSha: 'good',
      metadata: expect.objectContaining({ root: expect.anything() }),
    })
    expect(vcs.archived).toEqual(['good:modules/vpc'])
    expect(await blobKeys()).toEqual([version?.archive?.blobKey])
    const module = await deps.unitOfWork.run(({ registryModules }) => registryModules.findById(moduleId))
    expect(module?.status).toBe('setup_complete')
  })

  it('never clones a version for the commit it serves again', async () => {
    const id = await versionAt('good')
    await ingested(id)
    await ingest.execute({ versionId: id })
    await ingest.execute({ versionId: id, commitSha: 'good' })
    expect(vcs.archived).toEqual(['good:modules/vpc'])
  })

  it('fails a tree that is not a valid module with the reason, keeping no blob', async () => {
    const id = await versionAt('invalid')
    expect(await ingested(id)).toMatchObject({ status: 'reg_ingress_failed', error: 'is not a gzip tarball' })
    await expect.poll(blobKeys).toEqual([])
  })

  describe('a tag moved to another commit, for a version that is ok', () => {
    let id = ''
    let served: ModuleVersion

    beforeEach(async () => {
      id = await versionAt('good', '1.1.0')
      served = await ingested(id)
    })

    it('whose tree is refused: the version stays ok with its archive and details, the attempt shows the reason and is audited', async () => {
      const after = await ingested(id, 'invalid')
      expect(after).toMatchObject({ status: 'ok', error: null, commitSha: 'good', archive: served.archive, metadata: served.metadata })
      expect(after.attempt).toMatchObject({
        status: 'reg_ingress_failed',
        error: 'is not a gzip tarball',
        commitSha: 'invalid',
        startedBy: 'the module repository',
      })
      await expect.poll(blobKeys).toEqual([served.archive?.blobKey])
      const events = await deps.unitOfWork.read(({ auditLog }) => auditLog.list({ number: 1, size: 10 }))
      expect(events.items.filter((event) => event.type === 'module_version.attempt_failed')).toMatchObject([
        {
          actorKind: 'vcs',
          targetId: id,
          reason: 'attempt 2 (the module repository) failed: is not a gzip tarball; 1.1.0 still serves its archive',
        },
      ])
    })

    it('whose commit cannot be cloned: the version stays ok with its archive', async () => {
      await ingest.execute({ versionId: id, commitSha: 'refused' })
      expect(await stored(id)).toMatchObject({
        status: 'ok',
        archive: served.archive,
        attempt: { status: 'clone_failed', error: 'the git host refused its credential' },
      })
    })

    it('whose tree is good: the version serves the new archive, the old blob dropped', async () => {
      vcs.commits['other'] = 'other module tree'
      const after = await ingested(id, 'other')
      expect(after).toMatchObject({ status: 'ok', commitSha: 'other', attempt: null, archive: { size: 'other module tree'.length } })
      await expect.poll(blobKeys).toEqual([after.archive?.blobKey])
    })

    it('with immutable versions, is not cloned', async () => {
      const immutable = new IngestVcsVersion({
        ...deps,
        immutableVersions: true,
        vcs,
        sourceOf: async () => ({ remote: { url: 'http://git.test/r.git' } }),
      })
      await immutable.execute({ versionId: id, commitSha: 'invalid' })
      expect(await stored(id)).toEqual(served)
    })
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
    expect(await ingested(id)).toMatchObject({ status: 'ok' })
  })

  it('removes the blob of an attempt lost to a crash when the job runs again', async () => {
    const id = await versionAt('good')
    const lost = (await stored(id))?.startClone('good', 'the module repository', deps.clock.now())
    await deps.unitOfWork.run(({ moduleVersions }) => moduleVersions.update(lost!))
    await deps.blobs.put('modules/' + id + '/1.tar.gz', bytes('half'))
    const keysBefore = await blobKeys()
    const version = await ingested(id)
    expect(version.status).toBe('ok')
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
      return { id, stale, retried: await ingested(id) }
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
