import type { RegistryModule } from '@cairn/core'
import { afterAll, describe, expect, it } from 'vitest'
import { connect, storeOver, type Store } from './store.ts'
import { insertEarlyOrganization } from './test-support/early-organization.ts'
import { MIGRATION_LOCATIONS } from './test-support/migration-locations.ts'

const AT = new Date('2026-01-01T00:00:00Z')
const moduleOf = (id: string, name: string, publishingMechanism: RegistryModule['publishingMechanism']): RegistryModule => ({
  id,
  organizationName: 'acme',
  registryName: 'private',
  namespace: 'acme',
  name,
  provider: 'aws',
  status: 'setup_complete',
  publishingMechanism,
  noCode: false,
  vcsRepo: null,
  testsEnabled: false,
  createdAt: AT,
  updatedAt: AT,
})
const UPLOADED = moduleOf('mod-1', 'vpc', 'non_vcs')
const FROM_TAGS = moduleOf('mod-2', 'dns', 'git_tag')

describe.each(MIGRATION_LOCATIONS)("the migration that keeps a version's attempt apart from the archive it serves (%s)", (_name, open) => {
  let store: Store | undefined
  let drop: () => Promise<void> = async () => undefined
  afterAll(async () => {
    await store?.close()
    await drop()
  })

  it('derives each status from the archive and the attempt; a version that kept an archive under a failed re-upload is ok again', async () => {
    const opened = await open()
    drop = opened.drop
    const orm = await connect(opened.location)
    store = storeOver(orm, opened.location)
    await orm.migrator.up({ to: 'Migration20261202014914_audit_actors' })
    await insertEarlyOrganization(orm, 'acme')
    await store.unitOfWork.run(async ({ registryModules }) => {
      await registryModules.add(UPLOADED)
      await registryModules.add(FROM_TAGS)
    })
    await orm.em.getConnection().execute(
      `insert into module_versions (id, module_id, version, status, error, source, commit_sha, upload_generation, archive_blob_key, archive_sha256, archive_size, created_at, updated_at)
       values ('v-pending', 'mod-1', '1.0.0', 'pending', null, 'tfe-api', null, 0, null, null, null, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
              ('v-ok', 'mod-1', '1.1.0', 'ok', null, 'tfe-api', null, 1, 'modules/v-ok/1.tar.gz', 'aa', 10, '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z'),
              ('v-refused', 'mod-1', '1.2.0', 'reg_ingress_failed', 'is not a gzip tarball', 'tfe-api', null, 1, null, null, null, '2026-01-01T00:00:00Z', '2026-01-01T00:02:00Z'),
              ('v-unpublished', 'mod-1', '1.3.0', 'reg_ingress_failed', 'is not a gzip tarball', 'tfe-api', null, 2, 'modules/v-unpublished/1.tar.gz', 'bb', 20, '2026-01-01T00:00:00Z', '2026-01-01T00:03:00Z'),
              ('v-stuck', 'mod-1', '1.4.0', 'reg_ingressing', null, 'tfe-api', null, 1, null, null, null, '2026-01-01T00:00:00Z', '2026-01-01T00:04:00Z'),
              ('v-clone', 'mod-2', '2.0.0', 'clone_failed', 'no such commit', 'tfe-api', 'abc1234', 1, null, null, null, '2026-01-01T00:00:00Z', '2026-01-01T00:05:00Z')`,
    )

    await store.migrate()

    const found = (id: string) => store?.unitOfWork.read(({ moduleVersions }) => moduleVersions.findById(id))
    await expect(found('v-pending')).resolves.toMatchObject({ status: 'pending', error: null, attempt: null })
    await expect(found('v-ok')).resolves.toMatchObject({
      status: 'ok',
      error: null,
      attempt: null,
      archive: { blobKey: 'modules/v-ok/1.tar.gz' },
    })
    await expect(found('v-refused')).resolves.toMatchObject({
      status: 'reg_ingress_failed',
      error: 'is not a gzip tarball',
      attempt: {
        status: 'reg_ingress_failed',
        error: 'is not a gzip tarball',
        commitSha: null,
        startedBy: 'an upload link',
        at: new Date('2026-01-01T00:02:00Z'),
      },
    })
    await expect(found('v-unpublished')).resolves.toMatchObject({
      status: 'ok',
      error: null,
      archive: { blobKey: 'modules/v-unpublished/1.tar.gz', size: 20 },
      attempt: { status: 'reg_ingress_failed', error: 'is not a gzip tarball' },
    })
    await expect(found('v-clone')).resolves.toMatchObject({
      status: 'clone_failed',
      attempt: { status: 'clone_failed', error: 'no such commit', commitSha: 'abc1234', startedBy: 'the module repository' },
    })
    const served = await store.unitOfWork.read(({ moduleCatalog }) =>
      moduleCatalog.servedVersions({ organizationName: 'acme', address: UPLOADED }),
    )
    expect(served.map(({ id }) => id)).toEqual(['v-ok', 'v-unpublished'])
    await expect(
      store.unitOfWork.read(({ moduleHousekeeping }) => moduleHousekeeping.stuckUploadIds(new Date('2026-01-02T00:00:00Z'), 10)),
    ).resolves.toEqual(['v-stuck'])
  }, 60_000)
})
