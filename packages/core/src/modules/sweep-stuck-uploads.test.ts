import { inMemoryDeps, type InMemoryDeps, settledVersion, signUpUser } from '@cairn/testing'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUseCases, type UseCases } from '../use-cases.ts'
import { workJobs } from '../work-jobs.ts'
import { archiveKey, type ModuleVersion } from './module-version.ts'
import { STUCK_UPLOAD_AFTER_MS } from './sweep-stuck-uploads.ts'

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text)
}

const target = { organizationName: 'acme', address: { registryName: 'private' as const, namespace: 'acme', name: 'vpc', provider: 'aws' } }

describe('SweepStuckUploads: attempts a crash left reg_ingressing', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let version: ModuleVersion

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    const owner = await signUpUser(cases, 'olivia')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    await cases.registryModules.create({ organizationName: 'acme', name: 'vpc', provider: 'aws' }, owner)
    version = (await cases.moduleVersions.create({ ...target, version: '1.0.0' }, owner)).version
  })
  afterEach(() => deps.jobs.stop())

  /** What a process killed between claiming an attempt (and maybe storing its archive) and queueing its analysis leaves. */
  async function crashedAttempt(options: { archive: string | null }, of = version): Promise<ModuleVersion> {
    const claimed = of.startUpload('an upload link', deps.clock.now())
    await deps.unitOfWork.run(({ moduleVersions }) => moduleVersions.update(claimed))
    if (options.archive !== null) await deps.blobs.put(archiveKey(claimed), bytes(options.archive))
    return claimed
  }

  it('leaves an attempt younger than the bound alone, however it looks', async () => {
    await crashedAttempt({ archive: null })
    deps.clock.advance(STUCK_UPLOAD_AFTER_MS - 1000)
    await expect(cases.sweepStuckUploads.execute()).resolves.toEqual({ requeued: [], failed: [] })
  })

  it('queues the analysis of a stored archive again, which settles the version with its digest', async () => {
    const claimed = await crashedAttempt({ archive: 'module' })
    deps.clock.advance(STUCK_UPLOAD_AFTER_MS + 1000)
    await expect(cases.sweepStuckUploads.execute()).resolves.toEqual({ requeued: [claimed.id], failed: [] })
    // Touched: the next sweep leaves the attempt to its job.
    await expect(cases.sweepStuckUploads.execute()).resolves.toEqual({ requeued: [], failed: [] })
    await workJobs(deps.jobs, cases)
    const settled = await settledVersion(deps.unitOfWork, claimed.id)
    expect(settled).toMatchObject({ status: 'ok', uploadGeneration: 1, archive: { blobKey: archiveKey(claimed), size: 6 } })
    expect(settled.archive?.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('fails an attempt whose archive never arrived, saying so', async () => {
    const claimed = await crashedAttempt({ archive: null })
    deps.clock.advance(STUCK_UPLOAD_AFTER_MS + 1000)
    await expect(cases.sweepStuckUploads.execute()).resolves.toEqual({ requeued: [], failed: [claimed.id] })
    const failed = await deps.unitOfWork.read(({ moduleVersions }) => moduleVersions.findById(claimed.id))
    expect(failed).toMatchObject({
      status: 'reg_ingress_failed',
      error: 'the archive did not arrive whole; upload the archive again, or resync a VCS module',
    })
  })

  it('an ok version whose re-upload a crash cut off stays ok with its archive, the lost attempt failed beside it', async () => {
    const first = await crashedAttempt({ archive: 'module' })
    await workJobs(deps.jobs, cases)
    deps.clock.advance(STUCK_UPLOAD_AFTER_MS + 1000)
    await cases.sweepStuckUploads.execute()
    const served = await settledVersion(deps.unitOfWork, first.id)
    expect(served).toMatchObject({ status: 'ok' })
    const cutOff = await crashedAttempt({ archive: null }, served)
    deps.clock.advance(STUCK_UPLOAD_AFTER_MS + 1000)
    await expect(cases.sweepStuckUploads.execute()).resolves.toEqual({ requeued: [], failed: [cutOff.id] })
    const after = await deps.unitOfWork.read(({ moduleVersions }) => moduleVersions.findById(cutOff.id))
    expect(after).toMatchObject({
      status: 'ok',
      error: null,
      archive: served.archive,
      attempt: { status: 'reg_ingress_failed', error: expect.stringContaining('did not arrive') },
    })
  })

  it('leaves a version a new upload claimed since alone', async () => {
    await crashedAttempt({ archive: null })
    deps.clock.advance(STUCK_UPLOAD_AFTER_MS + 1000)
    const stuck = await deps.unitOfWork.read(({ moduleVersions }) => moduleVersions.findById(version.id))
    const reclaimed = (stuck as ModuleVersion).startUpload('an upload link', deps.clock.now())
    await deps.unitOfWork.run(({ moduleVersions }) => moduleVersions.update(reclaimed))
    await expect(cases.sweepStuckUploads.execute()).resolves.toEqual({ requeued: [], failed: [] })
    expect(await deps.unitOfWork.read(({ moduleVersions }) => moduleVersions.findById(version.id))).toEqual(reclaimed)
  })
})
