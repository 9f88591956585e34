import { inMemoryDeps, settledVersion } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { createUseCases } from '../use-cases.ts'
import { workJobs } from '../work-jobs.ts'
import { archiveKey, UPLOAD_LINK_LIFETIME_MS } from './module-version.ts'

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text)
}

async function* failing(): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode('good start')
  throw new Error('connection reset')
}

describe('module uploads (spec §3: a version becomes ok once its archive parses)', () => {
  let deps: ReturnType<typeof inMemoryDeps>
  let cases: ReturnType<typeof createUseCases>
  const target = {
    organizationName: 'acme',
    address: { registryName: 'private' as const, namespace: 'acme', name: 'vpc', provider: 'aws' },
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    await workJobs(deps.jobs, cases)
    const owner = await cases.createUser.execute({ username: 'owner', email: 'owner@example.com' }, OPERATOR)
    const { bearer } = await cases.userTokens.create.execute({ user: { id: owner.id } }, OPERATOR)
    const principal = await cases.authenticateToken.execute(bearer)
    await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, principal)
    await cases.registryModules.create({ organizationName: 'acme', name: 'vpc', provider: 'aws' }, principal)
  })

  async function newVersion() {
    const owner = await cases.authenticateToken.execute(
      (await cases.userTokens.create.execute({ user: { username: 'owner' } }, OPERATOR)).bearer,
    )
    return cases.moduleVersions.create({ ...target, version: '1.0.0' }, owner)
  }

  it('an interrupted upload is recorded as failed, its blob removed, and a new link offered', async () => {
    const { uploadObjectId } = await newVersion()
    await expect(cases.moduleVersions.upload({ objectId: uploadObjectId ?? '', content: failing() })).rejects.toThrow('connection reset')
    const { version, uploadObjectId: retry } = await cases.moduleVersions.show({ ...target, version: '1.0.0' }, OPERATOR)
    expect(version).toMatchObject({ status: 'reg_ingress_failed', error: 'the upload did not complete; upload the archive again' })
    const keys: string[] = []
    for await (const key of deps.blobs.list('modules/')) keys.push(key)
    expect(keys).toEqual([])
    const stored = await cases.moduleVersions.upload({ objectId: retry ?? '', content: bytes('good') })
    await expect(settledVersion(deps.unitOfWork, stored.id)).resolves.toMatchObject({ status: 'ok' })
  })

  it('an attempt lost to a crash does not block a new upload, and its blob is swept once a link lifetime has passed', async () => {
    const { version, uploadObjectId } = await newVersion()
    // A crash after the claim and the blob write, before anything was recorded:
    const claimed = version.startUpload('an upload link', deps.clock.now())
    await deps.unitOfWork.run(({ moduleVersions }) => moduleVersions.update(claimed))
    await deps.blobs.put(archiveKey(claimed), bytes('half'))
    expect(uploadObjectId).not.toBeNull()
    expect((await cases.moduleVersions.show({ ...target, version: '1.0.0' }, OPERATOR)).uploadObjectId).not.toBeNull()
    expect(await cases.sweepOrphanBlobs.execute()).toEqual([])

    deps.clock.advance(UPLOAD_LINK_LIFETIME_MS + 1)
    expect(await cases.sweepOrphanBlobs.execute()).toEqual([archiveKey(claimed)])
    const { uploadObjectId: fresh } = await cases.moduleVersions.show({ ...target, version: '1.0.0' }, OPERATOR)
    const stored = await cases.moduleVersions.upload({ objectId: fresh ?? '', content: bytes('good') })
    await expect(settledVersion(deps.unitOfWork, stored.id)).resolves.toMatchObject({ status: 'ok' })
  })

  it('the sweep keeps the archive of an ok version and removes those of superseded attempts and deleted versions', async () => {
    const { uploadObjectId } = await newVersion()
    const done = await settledVersion(
      deps.unitOfWork,
      (await cases.moduleVersions.upload({ objectId: uploadObjectId ?? '', content: bytes('good') })).id,
    )
    await deps.blobs.put('modules/modver-gone/1.tar.gz', bytes('orphan'))
    await deps.blobs.put(`modules/${done.id}/0.tar.gz`, bytes('superseded'))
    expect((await cases.sweepOrphanBlobs.execute()).sort()).toEqual([`modules/${done.id}/0.tar.gz`, 'modules/modver-gone/1.tar.gz'])
    expect(await deps.blobs.has(done.archive?.blobKey ?? '')).toBe(true)
  })
})
