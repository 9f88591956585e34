import { ModuleVersion, type ModuleAddress } from '@cairn/core'
import { aModule, anOrganization } from '@cairn/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STORES, type OpenedStore } from './test-support/stores.ts'

const AT = new Date('2026-01-01T00:00:00Z')
const PROVIDERS = ['aws', 'google', 'azure'] as const

function okVersion(moduleId: string, version: string): ModuleVersion {
  return new ModuleVersion({
    id: `${moduleId}-${version}`,
    moduleId,
    version,
    source: 'tfe-api',
    commitSha: null,
    attempt: null,
    uploadGeneration: 1,
    archive: { blobKey: `modules/${moduleId}/${version}.tar.gz`, sha256: 'a'.repeat(64), size: 1 },
    metadata: null,
    createdAt: AT,
    updatedAt: AT,
  })
}

// Outside a transaction on PostgreSQL the protocol's lookups of a turn share one statement
// (`TurnBatch`); each must still get its own answer, found or not.
describe.each(STORES)('the registry protocol looked up many at once on %s', (_, open) => {
  let opened: OpenedStore

  beforeAll(async () => {
    opened = await open()
    await opened.store.migrate()
    await opened.store.unitOfWork.run(async ({ organizations, registryModules, moduleVersions }) => {
      await organizations.add(anOrganization({ name: 'acme', email: 'owners@acme.test' }))
      for (const provider of PROVIDERS) {
        await registryModules.add(aModule({ id: `mod-${provider}`, provider }))
        await moduleVersions.add(okVersion(`mod-${provider}`, '1.0.0'))
        if (provider !== 'azure') await moduleVersions.add(okVersion(`mod-${provider}`, '2.0.0'))
      }
    })
  }, 60_000)
  afterAll(async () => opened?.dispose())

  const at = (provider: string): ModuleAddress => ({ registryName: 'private', namespace: 'acme', name: 'vpc', provider })

  it('gives each lookup of one turn its own document or archive', async () => {
    const { unitOfWork } = opened.store
    const asked = [...PROVIDERS, 'oracle'].flatMap((provider) => [
      { provider, organizationName: 'acme', version: '2.0.0' },
      { provider, organizationName: 'globex', version: '1.0.0' },
    ])
    const documents = await Promise.all(
      asked.map(({ provider, organizationName }) =>
        unitOfWork.read(({ moduleCatalog }) => moduleCatalog.versionsDocument({ organizationName, address: at(provider) })),
      ),
    )
    const listed = documents.map((json) => (json === null ? null : (JSON.parse(json) as { version: string }[]).map((v) => v.version)))
    expect(listed).toEqual([['1.0.0', '2.0.0'], null, ['1.0.0', '2.0.0'], null, ['1.0.0'], null, null, null])
    const archives = await Promise.all(
      asked.map(({ provider, organizationName, version }) =>
        unitOfWork.read(({ moduleCatalog }) => moduleCatalog.servedArchive({ organizationName, address: at(provider), version })),
      ),
    )
    expect(archives.map((served) => served?.id ?? null)).toEqual(['mod-aws-2.0.0', null, 'mod-google-2.0.0', null, null, null, null, null])
  })
})
