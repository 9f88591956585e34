import { aModule } from '@cairn/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { connect, storeOver, type Store } from './store.ts'
import { insertEarlyOrganization } from './test-support/early-organization.ts'
import { MIGRATION_LOCATIONS } from './test-support/migration-locations.ts'

const AT = new Date('2026-01-01T00:00:00Z')
const MODULE = aModule({ status: 'setup_complete', createdAt: AT, updatedAt: AT })
const metadataWith = (readme: string | null) =>
  JSON.stringify({
    root: {
      path: '',
      name: 'vpc',
      readme,
      empty: false,
      inputs: [],
      outputs: [],
      resources: [],
      providerRequirements: [],
      moduleCalls: [],
    },
    submodules: [],
    examples: [],
  })
/** More versions than the migration describes in one statement, each with a README of its own. */
const MANY = 1_200

describe.each(MIGRATION_LOCATIONS)("the migration that keeps a version's description beside its metadata (%s)", (_name, open) => {
  let store: Store | undefined
  let drop: () => Promise<void> = async () => undefined
  afterAll(async () => {
    await store?.close()
    await drop()
  })

  it("describes each version stored before it by its README's opening, and one without a README as empty", async () => {
    const opened = await open()
    drop = opened.drop
    const orm = await connect(opened.location)
    store = storeOver(orm, opened.location)
    await orm.migrator.up({ to: 'Migration20261202132251_module_version_attempts' })
    await insertEarlyOrganization(orm, 'acme')
    await store.unitOfWork.run(async ({ registryModules }) => {
      await registryModules.add(MODULE)
    })
    const connection = orm.em.getConnection()
    await connection.execute(
      `insert into module_versions (id, module_id, version, source, upload_generation, metadata, archive_blob_key, archive_sha256, archive_size, created_at, updated_at)
       values ('v-big', 'mod-1', '1.0.0', 'tfe-api', 1, ?::jsonb, 'modules/v-big/1.tar.gz', 'aa', 1, '2026-01-01T00:00:00Z', now()),
              ('v-no-readme', 'mod-1', '1.1.0', 'tfe-api', 1, ?::jsonb, 'modules/v-no-readme/1.tar.gz', 'bb', 1, '2026-01-01T00:00:01Z', now()),
              ('v-pending', 'mod-1', '1.2.0', 'tfe-api', 0, null, null, null, null, '2026-01-01T00:00:02Z', now())`,
      [metadataWith(`# VPC\n\nA **VPC** with [subnets](docs/subnets.md).\n\n${'More words. '.repeat(100_000)}`), metadataWith(null)],
    )
    await connection.execute(
      `insert into module_versions (id, module_id, version, source, upload_generation, metadata, archive_blob_key, archive_sha256, archive_size, created_at, updated_at)
       select 'v-' || lpad(n::text, 4, '0'), 'mod-1', '2.0.' || n, 'tfe-api', 1, jsonb_build_object('root', jsonb_build_object('readme', 'Version ' || n || '.')),
              'modules/v-' || n || '/1.tar.gz', 'cc', 1, '2026-01-02T00:00:00Z'::timestamptz + n * interval '1 second', now()
       from generate_series(1, ${MANY}) as n`,
    )

    await store.migrate()

    const versions = (await store.unitOfWork.read(({ moduleVersions }) => moduleVersions.versionsOf(['mod-1']))).get('mod-1') ?? []
    expect(versions.slice(0, 3).map(({ id, description }) => ({ id, description }))).toEqual([
      { id: 'v-big', description: 'A VPC with subnets.' },
      { id: 'v-no-readme', description: '' },
      { id: 'v-pending', description: '' },
    ])
    const many = versions.slice(3)
    expect(many).toHaveLength(MANY)
    expect(many.every(({ version, description }) => description === `Version ${version.slice('2.0.'.length)}.`)).toBe(true)
  }, 60_000)
})
