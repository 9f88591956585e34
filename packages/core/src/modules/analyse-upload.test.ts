import { FakeModuleAnalyzer, inMemoryDeps, type InMemoryDeps, settledVersion, signUpUser } from '@cairn/testing'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ByteStream, ModuleAnalyzer } from '../ports/module-analyzer.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import { workJobs } from '../work-jobs.ts'
import { archiveKey, type ModuleVersion } from './module-version.ts'

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text)
}

/** The fake analyser, except that an archive starting with `slow` waits for `release`. */
class GatedAnalyzer implements ModuleAnalyzer {
  readonly #inner = new FakeModuleAnalyzer()
  #release: () => void = () => undefined
  readonly #gate = new Promise<void>((resolve) => (this.#release = resolve))
  started = 0

  release(): void {
    this.#release()
  }

  async analyze(archive: ByteStream) {
    const chunks: Uint8Array[] = []
    for await (const chunk of archive) chunks.push(chunk)
    if (new TextDecoder().decode(chunks[0]).startsWith('slow')) {
      this.started += 1
      await this.#gate
    }
    return this.#inner.analyze(
      (async function* () {
        yield* chunks
      })(),
    )
  }
}

const target = { organizationName: 'acme', address: { registryName: 'private' as const, namespace: 'acme', name: 'vpc', provider: 'aws' } }

describe('AnalyseUpload: an upload stored, then analysed by a job that settles its version', () => {
  let deps: InMemoryDeps
  let analyzer: GatedAnalyzer
  let cases: UseCases
  let link: string

  beforeEach(async () => {
    analyzer = new GatedAnalyzer()
    deps = { ...inMemoryDeps(), analyzer }
    cases = createUseCases(deps)
    const owner = await signUpUser(cases, 'olivia')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    await cases.registryModules.create({ organizationName: 'acme', name: 'vpc', provider: 'aws' }, owner)
    link = (await cases.moduleVersions.create({ ...target, version: '1.0.0' }, owner)).uploadObjectId ?? ''
  })
  afterEach(async () => {
    analyzer.release()
    await deps.jobs.stop()
  })

  async function blobKeys(): Promise<string[]> {
    const keys: string[] = []
    for await (const key of deps.blobs.list('modules/')) keys.push(key)
    return keys.sort()
  }

  const current = async (id: string) => (await deps.unitOfWork.read(({ moduleVersions }) => moduleVersions.findById(id))) as ModuleVersion
  const storedUpload = async (version: ModuleVersion) => ({
    versionId: version.id,
    uploadGeneration: version.uploadGeneration,
    sha256: 'abc',
    size: 6,
  })

  it('an upload queued while no worker runs waits, reg_ingressing, and settles once a worker starts', async () => {
    const stored = await cases.moduleVersions.upload({ objectId: link, content: bytes('module') })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await current(stored.id)).toMatchObject({ status: 'reg_ingressing' })
    await workJobs(deps.jobs, cases)
    expect(await settledVersion(deps.unitOfWork, stored.id)).toMatchObject({
      status: 'ok',
      archive: { blobKey: archiveKey(stored), size: 6 },
    })
  })

  it('a re-upload during the analysis of the last one wins: the older attempt settles nothing and its archive is dropped', async () => {
    await workJobs(deps.jobs, cases)
    const older = await cases.moduleVersions.upload({ objectId: link, content: bytes('slow module') })
    await expect.poll(() => analyzer.started).toBe(1)
    const newer = await cases.moduleVersions.upload({ objectId: link, content: bytes('module') })
    expect(newer).toMatchObject({ status: 'reg_ingressing', uploadGeneration: older.uploadGeneration + 1 })
    const done = await settledVersion(deps.unitOfWork, newer.id)
    expect(done).toMatchObject({ status: 'ok', uploadGeneration: 2, archive: { blobKey: archiveKey(newer), size: 6 } })
    analyzer.release()
    await expect.poll(blobKeys).toEqual([archiveKey(newer)])
    expect(await current(newer.id)).toEqual(done)
  })

  it('an archive gone from storage before its analysis settles the version reg_ingress_failed, saying so', async () => {
    const stored = await cases.moduleVersions.upload({ objectId: link, content: bytes('module') })
    await deps.blobs.delete(archiveKey(stored))
    await workJobs(deps.jobs, cases)
    expect(await settledVersion(deps.unitOfWork, stored.id)).toMatchObject({
      status: 'reg_ingress_failed',
      error: 'is gone from storage; upload the archive again, or resync a VCS module',
    })
  })

  it("a failure that is not the archive's is raised for a retry, and recorded on the version on the last attempt", async () => {
    const stored = await cases.moduleVersions.upload({ objectId: link, content: bytes('module') })
    const broken = createUseCases({ ...deps, analyzer: { analyze: () => Promise.reject(new Error('the parser thread died')) } })
    const signal = new AbortController().signal
    await expect(broken.analyseUpload.execute(await storedUpload(stored), { signal, last: false })).rejects.toThrow(
      'the parser thread died',
    )
    expect(await current(stored.id)).toMatchObject({ status: 'reg_ingressing' })
    await broken.analyseUpload.execute(await storedUpload(stored), { signal, last: true })
    expect(await current(stored.id)).toMatchObject({
      status: 'reg_ingress_failed',
      error: 'the archive could not be analysed; upload the archive again, or resync a VCS module',
    })
    expect(await blobKeys()).toEqual([])
  })

  it("an analysis overrunning the last attempt's timeout is recorded as such", async () => {
    const stored = await cases.moduleVersions.upload({ objectId: link, content: bytes('slow module') })
    const overrun = new AbortController()
    const running = cases.analyseUpload.execute(await storedUpload(stored), { signal: overrun.signal, last: true })
    await expect.poll(() => analyzer.started).toBe(1)
    overrun.abort(new Error('the job overran'))
    await running
    expect(await current(stored.id)).toMatchObject({
      status: 'reg_ingress_failed',
      error: 'the analysis did not finish in time; upload the archive again, or resync a VCS module',
    })
  })

  it('a job run again after its version settled changes nothing and keeps the archive', async () => {
    await workJobs(deps.jobs, cases)
    const done = await settledVersion(deps.unitOfWork, (await cases.moduleVersions.upload({ objectId: link, content: bytes('module') })).id)
    await cases.analyseUpload.execute(await storedUpload(done), { signal: new AbortController().signal, last: true })
    expect(await current(done.id)).toEqual(done)
    expect(await blobKeys()).toEqual([done.archive?.blobKey])
  })
})
