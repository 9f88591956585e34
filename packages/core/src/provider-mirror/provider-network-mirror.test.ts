import { inMemoryDeps, signUpUser } from '@cairn/testing'
import { describe, expect, it, vi } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { OriginVersion } from '../ports/provider-origin.ts'
import { createUseCases } from '../use-cases.ts'
import type { MirroredArchive } from './mirrored-archive.ts'
import { ORIGIN_OFFER_TTL_MS } from './origin-offers.ts'

const TIME = { hostname: 'registry.terraform.io', namespace: 'hashicorp', type: 'time' }

const archive: MirroredArchive = {
  id: 'provmirror-1',
  ...TIME,
  version: '0.14.2',
  os: 'linux',
  arch: 'amd64',
  filename: 'terraform-provider-time_0.14.2_linux_amd64.zip',
  size: 1024,
  h1: 'h1:qMDrfmBhuxxKCaNhhlZGcjGm8YhjYzzyvSRoCZnWdO8=',
  sha256: 'a'.repeat(64),
  createdAt: new Date('2026-12-04T10:00:00Z'),
  lastUsedAt: new Date('2026-12-04T10:00:00Z'),
}

async function world() {
  const deps = inMemoryDeps()
  const cases = createUseCases(deps)
  await deps.unitOfWork.run(({ mirroredArchives }) => mirroredArchives.add(archive))
  const reader = await signUpUser(cases, 'reader')
  return { deps, cases, reader }
}

describe('the network mirror over what it holds', () => {
  it('lists held versions and archives with their h1 and zh hashes and a download token', async () => {
    const { cases, reader } = await world()
    await expect(cases.providerMirror.versions(TIME, reader)).resolves.toEqual(['0.14.2'])
    const [entry] = await cases.providerMirror.archives(TIME, '0.14.2', reader)
    expect(entry).toMatchObject({ os: 'linux', arch: 'amd64', hashes: [archive.h1, `zh:${archive.sha256}`] })
    expect(entry !== undefined && 'downloadToken' in entry).toBe(true)
    await expect(cases.providerMirror.versions({ ...TIME, type: 'aws' }, reader)).rejects.toMatchObject({ code: 'not_found' })
    await expect(cases.providerMirror.archives(TIME, '9.9.9', reader)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('writes when an archive was last used at the next flush, through a unit of work that clears no cache', async () => {
    const { deps, cases, reader } = await world()
    deps.clock.advance(60_000)
    await cases.providerMirror.archives(TIME, '0.14.2', reader)
    const lastUse = () => deps.unitOfWork.read(async ({ mirroredArchives }) => (await mirroredArchives.findById(archive.id))?.lastUsedAt)
    await expect(lastUse()).resolves.toEqual(archive.lastUsedAt)
    const generation = cases.storeWrites.generation
    await expect(cases.providerMirror.flushUses()).resolves.toEqual({ downloads: 1, versions: 1 })
    await expect(lastUse()).resolves.toEqual(deps.clock.now())
    // No cache of the process is cleared for it.
    expect(cases.storeWrites.generation).toBe(generation)
  })

  it('answers again from what it kept, reading no store, until a write: a removed version is gone from the next answer', async () => {
    const { deps, cases, reader } = await world()
    await cases.providerMirror.versions(TIME, reader)
    await cases.providerMirror.archives(TIME, '0.14.2', reader)
    const reads = vi.spyOn(deps.unitOfWork, 'read')
    await expect(cases.providerMirror.versions(TIME, reader)).resolves.toEqual(['0.14.2'])
    await expect(cases.providerMirror.archives(TIME, '0.14.2', reader)).resolves.toHaveLength(1)
    expect(reads).not.toHaveBeenCalled()

    await cases.manageProviderMirror.removeVersion(TIME, '0.14.2', OPERATOR)
    await expect(cases.providerMirror.versions(TIME, reader)).rejects.toMatchObject({ code: 'not_found' })
    await expect(cases.providerMirror.archives(TIME, '0.14.2', reader)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('serves only the readers and the providers the policy names', async () => {
    const deps = {
      ...inMemoryDeps(),
      mirrorPolicy: { readers: ['acme'], allow: ['*/*/*'], deny: ['*/hashicorp/time'], pullThrough: false },
    }
    const cases = createUseCases(deps)
    await deps.unitOfWork.run(({ mirroredArchives }) => mirroredArchives.add(archive))
    const reader = await signUpUser(cases, 'reader')
    await expect(cases.providerMirror.versions(TIME, reader)).rejects.toMatchObject({ code: 'not_found' })
  })
})

/** An origin offering one version of `time` for linux and darwin, counting the questions it is asked; `fail` makes the next answers fail. */
function countingOrigin() {
  const offered: OriginVersion[] = [
    {
      version: '0.14.3',
      platforms: [
        { os: 'linux', arch: 'amd64' },
        { os: 'darwin', arch: 'arm64' },
      ],
    },
  ]
  const origin = {
    asked: 0,
    fail: false,
    release: Promise.resolve(),
    async versions() {
      origin.asked += 1
      await origin.release
      if (origin.fail) throw new CairnError('upstream_timeout', 'the origin did not answer in time')
      return offered
    },
  }
  return origin
}

async function pullingWorld() {
  const origin = countingOrigin()
  const base = inMemoryDeps()
  const deps = {
    ...base,
    providerOrigin: { ...base.providerOrigin, versions: () => origin.versions() },
    mirrorPolicy: { readers: '*' as const, allow: ['*/*/*'], deny: [], pullThrough: true },
  }
  const cases = createUseCases(deps)
  const reader = await signUpUser(cases, 'reader')
  return { deps, cases, reader, origin }
}

describe('the network mirror over what the origin offers', () => {
  it('asks the origin once for index.json and :version.json within the bound, and again after it', async () => {
    const { deps, cases, reader, origin } = await pullingWorld()
    await expect(cases.providerMirror.versions(TIME, reader)).resolves.toEqual(['0.14.3'])
    await expect(cases.providerMirror.versions(TIME, reader)).resolves.toEqual(['0.14.3'])
    await expect(cases.providerMirror.archives(TIME, '0.14.3', reader)).resolves.toHaveLength(2)
    expect(origin.asked).toBe(1)
    deps.clock.advance(ORIGIN_OFFER_TTL_MS - 1)
    await cases.providerMirror.versions(TIME, reader)
    expect(origin.asked).toBe(1)
    deps.clock.advance(1)
    await cases.providerMirror.versions(TIME, reader)
    expect(origin.asked).toBe(2)
  })

  it('shares one question among concurrent misses for a provider', async () => {
    const { cases, reader, origin } = await pullingWorld()
    let release = () => {}
    origin.release = new Promise((resolve) => (release = resolve))
    const answers = Promise.all([
      cases.providerMirror.versions(TIME, reader),
      cases.providerMirror.archives(TIME, '0.14.3', reader),
      cases.providerMirror.versions(TIME, reader),
    ])
    await new Promise((resolve) => setTimeout(resolve, 0))
    release()
    await expect(answers).resolves.toHaveLength(3)
    expect(origin.asked).toBe(1)
  })

  it('keeps no failure: the next request asks the origin again, and held archives still answer while it fails', async () => {
    const { deps, cases, reader, origin } = await pullingWorld()
    origin.fail = true
    await expect(cases.providerMirror.versions(TIME, reader)).rejects.toMatchObject({ code: 'upstream_timeout' })
    origin.fail = false
    await expect(cases.providerMirror.versions(TIME, reader)).resolves.toEqual(['0.14.3'])
    expect(origin.asked).toBe(2)
    // Stored as another process's pull would be: written, then announced.
    await deps.unitOfWork.run(({ mirroredArchives }) => mirroredArchives.add(archive))
    await deps.storeChanges.announce()
    deps.clock.advance(ORIGIN_OFFER_TTL_MS)
    origin.fail = true
    await expect(cases.providerMirror.versions(TIME, reader)).resolves.toEqual(['0.14.2'])
    expect(origin.asked).toBe(3)
  })
})
