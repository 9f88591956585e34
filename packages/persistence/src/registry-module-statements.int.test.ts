import { ModuleVersion } from '@cairn/core'
import { aModule, anOrganization } from '@cairn/testing'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { connect, storeOver, type Store } from './store.ts'

// What the registry protocol's hot paths ask the database: lists leave the metadata column out,
// published modules are paged by the database in one statement, downloads are added in place.
const AT = new Date('2026-01-01T00:00:00Z')
const MODULE = aModule({ status: 'setup_complete', createdAt: AT, updatedAt: AT })
const VERSION = new ModuleVersion({
  id: 'modver-1',
  moduleId: 'mod-1',
  version: '1.0.0',
  source: 'tfe-api',
  commitSha: null,
  attempt: null,
  uploadGeneration: 1,
  archive: { blobKey: 'modules/modver-1/1.tar.gz', sha256: 'a'.repeat(64), size: 1 },
  metadata: {
    root: {
      path: '',
      name: '',
      readme: null,
      empty: true,
      inputs: [],
      outputs: [],
      resources: [],
      providerRequirements: [],
      moduleCalls: [],
    },
    submodules: [],
    examples: [],
  },
  createdAt: AT,
  updatedAt: AT,
})

describe('registry module statements (PGlite)', () => {
  const statements: string[] = []
  let store: Store

  beforeAll(async () => {
    const orm = await connect({ kind: 'pglite' }, { onQuery: (sql) => statements.push(sql) })
    store = storeOver(orm, { kind: 'pglite' })
    await store.migrate()
    await store.unitOfWork.run(async ({ organizations, registryModules, moduleVersions }) => {
      await organizations.add(anOrganization({ name: 'acme', email: 'owners@acme.test' }))
      await registryModules.add(MODULE)
      await moduleVersions.add(VERSION)
    })
  }, 60_000)
  afterAll(async () => store?.close())
  beforeEach(() => {
    statements.length = 0
  })

  const queries = () => statements.filter((sql) => /^\s*(select|update|insert|delete)/i.test(sql))

  it('lists versions in one select that leaves the metadata out', async () => {
    await store.unitOfWork.run(({ moduleVersions }) => moduleVersions.versionsOf(['mod-1']))
    expect(queries()).toHaveLength(1)
    expect(queries()[0]).not.toMatch(/metadata/)
  })

  it("serves the protocol's versions in one select", async () => {
    const query = { organizationName: 'acme', address: MODULE }
    const served = await store.unitOfWork.read(({ moduleCatalog }) => moduleCatalog.servedVersions(query))
    const none = { providers: [], dependencies: [] }
    expect(served).toEqual([{ id: 'modver-1', version: '1.0.0', archive: VERSION.archive, root: none, submodules: [] }])
    expect(queries()).toHaveLength(1)
    // The requirements are kept beside the metadata, which the protocol never reads.
    expect(queries()[0]).not.toMatch(/metadata/)
  })

  it('pages published modules in one bounded select', async () => {
    const found = await store.unitOfWork.run(({ moduleCatalog }) => moduleCatalog.published({ offset: 0, limit: 16, search: 'vp' }))
    expect(found.map((module) => module.id)).toEqual(['mod-1'])
    expect(queries()).toHaveLength(1)
    expect(queries()[0]).toMatch(/ limit 16/)
  })

  const downloadsOf = async (id: string) =>
    (await store.unitOfWork.read(({ moduleVersions }) => moduleVersions.versionsOf(['mod-1'])))
      .get('mod-1')
      ?.find((version) => version.id === id)?.downloads

  it('adds downloads with one statement and no read, to the narrow table beside the versions', async () => {
    const before = await downloadsOf('modver-1')
    statements.length = 0
    await store.unitOfWork.autocommit(({ moduleHousekeeping }) => moduleHousekeeping.addDownloads(new Map([['modver-1', 3]])))
    expect(queries()).toHaveLength(1)
    // In id order, so that two processes' flushes lock the same rows in the same order.
    expect(queries()[0]).toMatch(
      /^insert into ("public".)?"module_version_downloads" .* order by \(count->>0\) collate "C"\s+on conflict \(version_id\) do update /s,
    )
    expect(await downloadsOf('modver-1')).toBe((before ?? 0) + 3)
  })

  it('adds the downloads of more versions than one statement may bind parameters (65,535) in one statement', async () => {
    // A uniform draw over many modules downloads tens of thousands of versions between two flushes.
    const before = await downloadsOf('modver-1')
    statements.length = 0
    const counts = new Map([['modver-1', 2], ...Array.from({ length: 69_999 }, (_, i) => [`modver-gone-${i}`, 1] as const)])
    await store.unitOfWork.autocommit(({ moduleHousekeeping }) => moduleHousekeeping.addDownloads(counts))
    expect(queries()).toHaveLength(1)
    expect(await downloadsOf('modver-1')).toBe((before ?? 0) + 2)
  })
})
