import { aModule } from '@cairn/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { connect, storeOver, type Store } from './store.ts'
import { insertEarlyOrganization } from './test-support/early-organization.ts'

const AT = new Date('2026-01-01T00:00:00Z')
const MODULE = aModule({ status: 'setup_complete', createdAt: AT, updatedAt: AT })

describe('the migration that moves download counts to a table of their own', () => {
  let store: Store | undefined
  afterAll(async () => store?.close())

  it('keeps the counts of the versions stored before it, and counts on from them', async () => {
    const orm = await connect({ kind: 'pglite' })
    store = storeOver(orm, { kind: 'pglite' })
    await orm.migrator.up({ to: 'Migration20261125000000_store_changes' })
    await insertEarlyOrganization(orm, 'acme')
    await store.unitOfWork.run(async ({ registryModules }) => {
      await registryModules.add(MODULE)
    })
    await orm.em.getConnection().execute(
      `insert into module_versions (id, module_id, version, status, source, upload_generation, downloads, created_at, updated_at)
       values ('modver-1', 'mod-1', '1.0.0', 'ok', 'tfe-api', 1, 41, now(), now()),
              ('modver-2', 'mod-1', '1.1.0', 'ok', 'tfe-api', 1, 0, now() + interval '1 second', now())`,
    )

    await store.migrate()
    await store.unitOfWork.run(({ moduleHousekeeping }) =>
      moduleHousekeeping.addDownloads(
        new Map([
          ['modver-1', 1],
          ['modver-2', 2],
        ]),
      ),
    )

    const versions = await store.unitOfWork.read(({ moduleVersions }) => moduleVersions.versionsOf(['mod-1']))
    expect(versions.get('mod-1')?.map(({ id, downloads }) => [id, downloads])).toEqual([
      ['modver-1', 42],
      ['modver-2', 2],
    ])
  }, 60_000)
})
