import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'

/**
 * A module version's OCI package (zip and manifest), built once from one of its archives. The
 * unique index finds a version's package; the digest indexes serve `/v2/…/<digest>` reads.
 */
export const ModulePackageSchema = defineEntity({
  name: 'ModulePackageRecord',
  tableName: 'module_packages',
  uniques: [{ name: 'module_packages_version_id_archive_sha256_unique', properties: ['versionId', 'archiveSha256'] }],
  indexes: [
    { name: 'module_packages_manifest_sha256_index', properties: ['manifestSha256'] },
    { name: 'module_packages_zip_sha256_index', properties: ['zipSha256'] },
  ],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    versionId: p.string().collation(BYTE_ORDER),
    archiveSha256: p.string().collation(BYTE_ORDER),
    zipSha256: p.string().collation(BYTE_ORDER),
    zipSize: p.bigint('number'),
    manifest: p.text(),
    manifestSha256: p.string().collation(BYTE_ORDER),
    createdAt: p.datetime(),
  },
})

export type ModulePackageRecord = InferEntity<typeof ModulePackageSchema>
