import type { ModuleMetadata, ModulePart } from '@cairn/core'
import { aModule } from '@cairn/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { connect, storeOver, type Store } from './store.ts'
import { insertEarlyOrganization } from './test-support/early-organization.ts'

const AT = new Date('2026-01-01T00:00:00Z')
const MODULE = aModule({ status: 'setup_complete', createdAt: AT, updatedAt: AT })
const part = (path: string, extra: Partial<ModulePart>): ModulePart => ({
  path,
  name: path,
  readme: '# big',
  empty: false,
  inputs: [],
  outputs: [],
  resources: [],
  providerRequirements: [],
  moduleCalls: [],
  ...extra,
})
const METADATA: ModuleMetadata = {
  root: part('', { providerRequirements: [{ name: 'aws', namespace: 'hashicorp', source: 'hashicorp/aws', version: '>= 5.0' }] }),
  submodules: [part('modules/subnet', { moduleCalls: [{ name: 'flow', source: './modules/flow', version: '' }] })],
  examples: [],
}

describe('the migration that keeps requirements beside the metadata', () => {
  let store: Store | undefined
  afterAll(async () => store?.close())

  it('fills them in for the versions stored before it', async () => {
    const orm = await connect({ kind: 'pglite' })
    store = storeOver(orm, { kind: 'pglite' })
    await orm.migrator.up({ to: 'Migration20261124211500_vcs_webhook_tokens' })
    await insertEarlyOrganization(orm, 'acme')
    await store.unitOfWork.run(async ({ registryModules }) => {
      await registryModules.add(MODULE)
    })
    await orm.em.getConnection().execute(
      // An ok version had its archive, as every one did then.
      `insert into module_versions (id, module_id, version, status, source, upload_generation, metadata, archive_blob_key, archive_sha256, archive_size, created_at, updated_at)
       values ('modver-1', 'mod-1', '1.0.0', 'ok', 'tfe-api', 1, ?::jsonb, 'modules/modver-1/1.tar.gz', 'aa', 1, now(), now()),
              ('modver-2', 'mod-1', '1.1.0', 'ok', 'tfe-api', 1, null, 'modules/modver-2/1.tar.gz', 'bb', 1, now() + interval '1 second', now())`,
      [JSON.stringify(METADATA)],
    )

    await store.migrate()

    const served = await store.unitOfWork.read(({ moduleCatalog }) =>
      moduleCatalog.servedVersions({ organizationName: 'acme', address: MODULE }),
    )
    expect(served.map(({ version, root, submodules }) => ({ version, root, submodules }))).toEqual([
      {
        version: '1.0.0',
        root: { providers: METADATA.root.providerRequirements, dependencies: [] },
        submodules: [{ path: 'modules/subnet', providers: [], dependencies: [{ name: 'flow', source: './modules/flow', version: '' }] }],
      },
      { version: '1.1.0', root: { providers: [], dependencies: [] }, submodules: [] },
    ])
  }, 60_000)
})
