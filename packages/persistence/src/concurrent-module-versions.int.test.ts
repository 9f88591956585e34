import { ModuleVersion, OPERATOR, type ByteStream, type ModuleAddress } from '@cairn/core'
import { anOrganization, inMemoryDeps, settledVersion } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { concurrentUseCases, outcomes, REPETITIONS, TIMEOUT_MS } from './test-support/concurrent-use-cases.ts'
import { STORES } from './test-support/stores.ts'

async function* streamOf(text: string): ByteStream {
  yield new TextEncoder().encode(text)
}

// Races between the use cases that write module versions (see concurrent-use-cases.ts).
describe.each(STORES)('concurrent use cases on %s', (_, open) => {
  const { ports, useCases, seed, store } = concurrentUseCases(open, inMemoryDeps())

  /** A private module with one provider and the versions given, made through the use cases. */
  async function aModuleWithVersions(...versions: string[]) {
    const organization = anOrganization({ name: `acme-${ports.ids.next('mod').slice(-4)}` })
    await seed(({ organizations }) => organizations.add(organization))
    const target = { organizationName: organization.name, name: 'vpc', provider: 'aws' }
    await useCases.registryModules.create(target, OPERATOR)
    const address: ModuleAddress = { registryName: 'private', namespace: organization.name, name: 'vpc', provider: 'aws' }
    const created = []
    for (const version of versions) {
      created.push(await useCases.moduleVersions.create({ organizationName: organization.name, address, version }, OPERATOR))
    }
    return { organizationName: organization.name, address, created }
  }

  it(
    'never leaves a provider without versions when its last two versions are deleted at once',
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const { organizationName, address, created } = await aModuleWithVersions('1.0.0', '1.1.0')
        const moduleId = created[0]?.version.moduleId ?? ''
        const results = await Promise.allSettled(
          ['1.0.0', '1.1.0'].map((version) => useCases.registryModules.removeVersion({ organizationName, address, version }, OPERATOR)),
        )
        // The second may find the provider already gone with the first's deletion: not_found.
        expect(outcomes(results)).toContain('fulfilled')
        expect(
          outcomes(results)
            .filter((outcome) => outcome !== 'fulfilled')
            .every((code) => code === 'not_found'),
        ).toBe(true)
        const left = await seed(async ({ registryModules, moduleVersions }) => ({
          provider: await registryModules.findByAddress(organizationName, address),
          versions: (await moduleVersions.versionsOf([moduleId])).get(moduleId) ?? [],
        }))
        expect(left).toEqual({ provider: undefined, versions: [] })
      }
    },
    TIMEOUT_MS,
  )

  it(
    "adds both of two processes' download counts flushed at the same time, to versions never downloaded before, in either order",
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const [{ version: template } = expect.unreachable()] = (await aModuleWithVersions('1.0.0')).created
        // Enough versions that two flushes listing them in opposite orders meet in the middle: written
        // in the pairs' order, as PostgreSQL's plan here does unless told otherwise, they deadlock,
        // and only a second attempt saves one. The statement writes in id order so that none is needed.
        const versions = Array.from(
          { length: 300 },
          (_, n) => new ModuleVersion({ ...template, id: `${template.id}-${n}`, version: `2.${n}.0` }),
        )
        await seed(async ({ moduleVersions }) => {
          for (const version of versions) await moduleVersions.add(version)
        })
        const counts = versions.map(({ id }, n) => [id, n + 1] as const)
        // As the tally flushes them: each batch one statement, committed on its own.
        const flush = (batch: readonly (readonly [string, number])[]) =>
          store().unitOfWork.autocommit(({ moduleHousekeeping }) => moduleHousekeeping.addDownloads(new Map(batch)))
        expect(outcomes(await Promise.allSettled([flush(counts), flush(counts.toReversed())]))).toEqual(['fulfilled', 'fulfilled'])
        const stored = await seed(({ moduleVersions }) => moduleVersions.versionsOf([template.moduleId]))
        const downloads = new Map(stored.get(template.moduleId)?.map(({ id, downloads }) => [id, downloads]))
        expect(versions.map(({ id }) => downloads.get(id))).toEqual(counts.map(([, count]) => 2 * count))
      }
    },
    TIMEOUT_MS,
  )

  it(
    "keeps one archive, the latest attempt's, when the same upload link is used twice at the same time",
    async () => {
      for (let i = 0; i < REPETITIONS; i += 1) {
        const [{ version, uploadObjectId } = expect.unreachable()] = (await aModuleWithVersions('1.0.0')).created
        if (uploadObjectId === null) throw new Error('a new version has an upload link')
        const upload = (text: string) => useCases.moduleVersions.upload({ objectId: uploadObjectId, content: streamOf(text) })
        expect(outcomes(await Promise.allSettled([upload('first archive'), upload('second archive')]))).toEqual(['fulfilled', 'fulfilled'])
        const stored = await settledVersion(store().unitOfWork, version.id)
        expect(stored).toMatchObject({ status: 'ok', uploadGeneration: 2, archive: { blobKey: `modules/${version.id}/2.tar.gz` } })
        // The superseded attempt's job drops its archive when it runs, which may be after the latest settled.
        const kept = async () => {
          const keys: string[] = []
          for await (const key of ports.blobs.list(`modules/${version.id}/`)) keys.push(key)
          return keys
        }
        await expect.poll(kept).toEqual([`modules/${version.id}/2.tar.gz`])
      }
    },
    TIMEOUT_MS,
  )
})
