import { addMember, FAKE_METADATA, inMemoryDeps, type InMemoryDeps, settledVersion, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import type { UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import { workJobs } from '../work-jobs.ts'
import type { ModuleAddress } from './module-address.ts'
import { UPLOAD_LINK_LIFETIME_MS } from './module-version.ts'

const address: ModuleAddress = { registryName: 'private', namespace: 'acme', name: 'vpc', provider: 'aws' }
const target = { organizationName: 'acme', address }

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text)
}

async function* cutOff(): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode('half an archive')
  throw new Error('connection reset')
}

describe('ModuleVersions (spec §2.2, §3 "archive uploaded", §4.1)', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let owner: UserPrincipal
  let reader: UserPrincipal

  const signUp = (username: string) => signUpUser(cases, username)

  async function blobKeys(): Promise<string[]> {
    const keys: string[] = []
    for await (const key of deps.blobs.list('modules/')) keys.push(key)
    return keys
  }

  /** The version an upload answered, once its analysis has settled it. */
  async function settled(uploaded: Promise<{ readonly id: string }>) {
    return settledVersion(deps.unitOfWork, (await uploaded).id)
  }

  function show(version = '1.0.0') {
    return cases.moduleVersions.show({ ...target, version }, owner)
  }

  beforeEach(async () => {
    deps = inMemoryDeps({ maxArchiveBytes: 64 })
    cases = createUseCases(deps)
    await workJobs(deps.jobs, cases)
    owner = await signUp('olivia')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    reader = await signUp('mia')
    await addMember(cases, { organizationName: 'acme', email: 'mia@example.com' }, owner)
    await cases.registryModules.create({ organizationName: 'acme', name: 'vpc', provider: 'aws' }, owner)
  })

  describe('create', () => {
    it('creates a pending version with an upload link, the v prefix dropped', async () => {
      const { version, uploadObjectId } = await cases.moduleVersions.create({ ...target, version: 'v1.2.3', commitSha: 'ABCDEF1' }, owner)
      expect(version).toMatchObject({ version: '1.2.3', status: 'pending', commitSha: 'abcdef1', archive: null, metadata: null })
      expect(uploadObjectId).toEqual(expect.any(String))
    })

    it('keeps build metadata and pre-release parts', async () => {
      const { version } = await cases.moduleVersions.create({ ...target, version: '1.2.3-rc.1+build.5' }, owner)
      expect(version.version).toBe('1.2.3-rc.1+build.5')
    })

    it('invalid on version for a version the provider has already, however spelled', async () => {
      await cases.moduleVersions.create({ ...target, version: '1.0.0' }, owner)
      await expect(cases.moduleVersions.create({ ...target, version: 'v1.0.0' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version' }],
      })
    })

    it.each(['latest', '1.0', '01.0.0', `1.0.0-${'x'.repeat(130)}`])('invalid on version for %j', async (version) => {
      await expect(cases.moduleVersions.create({ ...target, version }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version' }],
      })
    })

    it('invalid on commitSha for something that is not a commit SHA', async () => {
      await expect(cases.moduleVersions.create({ ...target, version: '1.0.0', commitSha: 'main' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'commitSha' }],
      })
    })

    it('forbidden for a public module', async () => {
      const curated = { organizationName: 'acme', address: { ...address, registryName: 'public' as const, namespace: 'hashicorp' } }
      await expect(cases.moduleVersions.create({ ...curated, version: '1.0.0' }, owner)).rejects.toMatchObject({ code: 'forbidden' })
    })

    async function publishFrom(publishingMechanism: 'git_tag' | 'branch'): Promise<void> {
      await deps.unitOfWork.run(async ({ registryModules }) => {
        const module = await registryModules.findByAddress('acme', address)
        if (module) await registryModules.update({ ...module, publishingMechanism })
      })
    }

    it('invalid on version for a module whose versions come from repository tags', async () => {
      await publishFrom('git_tag')
      await expect(cases.moduleVersions.create({ ...target, version: '1.0.0' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version' }],
      })
    })

    it('a branch-based module takes versions created explicitly, each from its commit, without an upload link', async () => {
      await publishFrom('branch')
      await expect(cases.moduleVersions.create({ ...target, version: '1.0.0', commitSha: 'abcdef1' }, owner)).resolves.toMatchObject({
        version: { version: '1.0.0', status: 'pending', commitSha: 'abcdef1' },
        uploadObjectId: null,
      })
      await expect(cases.moduleVersions.create({ ...target, version: '1.1.0' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'commitSha' }],
      })
    })

    it('needs the Manage modules permission: a reader gets not_found', async () => {
      await expect(cases.moduleVersions.create({ ...target, version: '1.0.0' }, reader)).rejects.toMatchObject({ code: 'not_found' })
      await expect(show()).rejects.toMatchObject({ code: 'not_found' })
    })

    it('not_found for a module that does not exist', async () => {
      const elsewhere = { organizationName: 'acme', address: { ...address, name: 'dns' } }
      await expect(cases.moduleVersions.create({ ...elsewhere, version: '1.0.0' }, owner)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('show', () => {
    beforeEach(async () => {
      await cases.moduleVersions.create({ ...target, version: '1.0.0' }, owner)
    })

    it('gives the upload link to those who manage modules only', async () => {
      expect((await show()).uploadObjectId).toEqual(expect.any(String))
      const { version, uploadObjectId } = await cases.moduleVersions.show({ ...target, version: '1.0.0' }, reader)
      expect(version.version).toBe('1.0.0')
      expect(uploadObjectId).toBeNull()
    })

    it('keeps giving an upload link once the version is ok, since a new archive may replace it', async () => {
      await settled(cases.moduleVersions.upload({ objectId: (await show()).uploadObjectId ?? '', content: bytes('module') }))
      expect((await show()).uploadObjectId).toEqual(expect.any(String))
    })

    it('not_found for a version that does not exist', async () => {
      await expect(show('2.0.0')).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('upload', () => {
    let link: string

    beforeEach(async () => {
      link = (await cases.moduleVersions.create({ ...target, version: '1.0.0' }, owner)).uploadObjectId ?? ''
    })

    it('answers the version reg_ingressing once the archive is stored; its analysis then makes it ok with its details, and the module set up', async () => {
      const stored = await cases.moduleVersions.upload({ objectId: link, content: bytes('module') })
      expect(stored).toMatchObject({ status: 'reg_ingressing', uploadGeneration: 1, error: null })
      const done = await settledVersion(deps.unitOfWork, stored.id)
      expect(done).toMatchObject({ status: 'ok', error: null, metadata: FAKE_METADATA, archive: { size: 6 } })
      await expect.poll(blobKeys).toEqual([done.archive?.blobKey])
      expect((await show()).version).toEqual(done)
      await expect(cases.registryModules.show(target, reader)).resolves.toMatchObject({ module: { status: 'setup_complete' } })
    })

    it('a refused archive is recorded on the version as reg_ingress_failed with the reason, keeping nothing', async () => {
      const failed = await settled(cases.moduleVersions.upload({ objectId: link, content: bytes('bad archive') }))
      expect(failed).toMatchObject({ status: 'reg_ingress_failed', error: 'is not a gzip tarball', archive: null })
      const { version, uploadObjectId } = await show()
      expect(version).toEqual(failed)
      await expect.poll(blobKeys).toEqual([])
      expect(uploadObjectId).not.toBeNull()
      await expect(cases.registryModules.show(target, reader)).resolves.toMatchObject({ module: { status: 'pending' } })
    })

    it('an archive over the size limit is refused as it arrives, on the version', async () => {
      const failed = await cases.moduleVersions.upload({ objectId: link, content: bytes('m'.repeat(65)) })
      expect(failed).toMatchObject({ status: 'reg_ingress_failed', error: expect.stringContaining('64 bytes') })
      await expect.poll(blobKeys).toEqual([])
    })

    it('a link takes archives until it expires: each replaces the last, and each re-upload is audited', async () => {
      expect(await settled(cases.moduleVersions.upload({ objectId: link, content: bytes('bad') }))).toMatchObject({
        status: 'reg_ingress_failed',
      })
      const first = await settled(cases.moduleVersions.upload({ objectId: link, content: bytes('module') }))
      expect(first).toMatchObject({ status: 'ok', error: null })
      const second = await settled(cases.moduleVersions.upload({ objectId: link, content: bytes('other module') }))
      expect(second).toMatchObject({ status: 'ok', archive: { size: 12 } })
      await expect.poll(blobKeys).toEqual([second.archive?.blobKey])
      expect((await show()).version).toEqual(second)
      const { items } = await cases.auditEvents.execute({ number: 1, size: 20 }, await signUpUser(cases, 'ada', { isSiteAdmin: true }))
      const reuploads = items.filter((event) => event.type === 'module_version.reuploaded')
      expect(reuploads.map((event) => [event.targetId, event.actorId, event.reason])).toEqual([
        [second.id, null, 'upload attempt 3 of 1.0.0 (upload link issued to user olivia), which was ok'],
        [second.id, null, 'upload attempt 2 of 1.0.0 (upload link issued to user olivia), which was reg_ingress_failed'],
      ])
    })

    describe('a version that is ok', () => {
      let served: Awaited<ReturnType<typeof settledVersion>>

      beforeEach(async () => {
        served = await settled(cases.moduleVersions.upload({ objectId: link, content: bytes('module') }))
      })

      it('stays ok with its archive while a new one is analysed', async () => {
        const reuploaded = await cases.moduleVersions.upload({ objectId: link, content: bytes('other module') })
        expect(reuploaded).toMatchObject({ status: 'ok', error: null, archive: served.archive, attempt: { status: 'reg_ingressing' } })
      })

      it('keeps serving its archive and details when a new one is refused: the attempt shows why, when and by whom, and is audited', async () => {
        deps.clock.advance(1000)
        const after = await settled(cases.moduleVersions.upload({ objectId: link, content: bytes('bad archive') }))
        expect(after).toMatchObject({ status: 'ok', error: null, archive: served.archive, metadata: served.metadata })
        expect(after.attempt).toEqual({
          status: 'reg_ingress_failed',
          error: 'is not a gzip tarball',
          commitSha: null,
          startedBy: 'upload link issued to user olivia',
          at: deps.clock.now(),
        })
        expect((await show()).version).toEqual(after)
        await expect.poll(blobKeys).toEqual([served.archive?.blobKey])
        await expect(cases.registryModules.show(target, reader)).resolves.toMatchObject({ versions: [{ status: 'ok', error: null }] })
        const { items } = await cases.auditEvents.execute({ number: 1, size: 20 }, await signUpUser(cases, 'ada', { isSiteAdmin: true }))
        expect(items.find((event) => event.type === 'module_version.attempt_failed')).toMatchObject({
          actorKind: 'upload-link',
          targetId: served.id,
          reason: 'attempt 2 (upload link issued to user olivia) failed: is not a gzip tarball; 1.0.0 still serves its archive',
        })
      })

      it('keeps serving its archive when a new one is over the size limit, or cut off', async () => {
        expect(await cases.moduleVersions.upload({ objectId: link, content: bytes('m'.repeat(65)) })).toMatchObject({
          status: 'ok',
          archive: served.archive,
          attempt: { status: 'reg_ingress_failed', error: expect.stringContaining('64 bytes') },
        })
        await expect(cases.moduleVersions.upload({ objectId: link, content: cutOff() })).rejects.toThrow('connection reset')
        expect((await show()).version).toMatchObject({
          status: 'ok',
          archive: served.archive,
          attempt: { error: 'the upload did not complete; upload the archive again' },
        })
        await expect.poll(blobKeys).toEqual([served.archive?.blobKey])
      })

      it('serves the new archive once it settles ok, the attempt gone', async () => {
        await settled(cases.moduleVersions.upload({ objectId: link, content: bytes('bad archive') }))
        const after = await settled(cases.moduleVersions.upload({ objectId: link, content: bytes('other module') }))
        expect(after).toMatchObject({ status: 'ok', attempt: null, archive: { size: 12 } })
        await expect.poll(blobKeys).toEqual([after.archive?.blobKey])
      })
    })

    it('with immutable versions, an ok version refuses a new archive (conflict) and offers no link', async () => {
      const immutable = createUseCases({ ...deps, immutableVersions: true })
      expect(await settled(immutable.moduleVersions.upload({ objectId: link, content: bytes('bad') }))).toMatchObject({
        status: 'reg_ingress_failed',
      })
      const done = await settled(immutable.moduleVersions.upload({ objectId: link, content: bytes('module') }))
      await expect(immutable.moduleVersions.upload({ objectId: link, content: bytes('other') })).rejects.toMatchObject({ code: 'conflict' })
      expect((await show()).version).toEqual(done)
      expect((await immutable.moduleVersions.show({ ...target, version: '1.0.0' }, owner)).uploadObjectId).toBeNull()
    })

    it('an expired link is not_found, and the version still awaits its archive', async () => {
      deps.clock.advance(UPLOAD_LINK_LIFETIME_MS)
      await expect(cases.moduleVersions.upload({ objectId: link, content: bytes('module') })).rejects.toMatchObject({ code: 'not_found' })
      expect((await show()).version).toMatchObject({ status: 'pending' })
      await expect.poll(blobKeys).toEqual([])
    })

    it('a forged link is not_found', async () => {
      await expect(cases.moduleVersions.upload({ objectId: 'made-up', content: bytes('module') })).rejects.toMatchObject({
        code: 'not_found',
      })
      expect((await show()).version).toMatchObject({ status: 'pending' })
    })
  })
})
