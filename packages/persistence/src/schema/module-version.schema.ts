import type { ModuleMetadata } from '@cairn/core'
import type { StoredRequirements } from './stored-requirements.ts'
import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { RegistryModuleSchema } from './registry-module.schema.ts'

/**
 * A version of a module provider: the archive it serves (three columns), that archive's metadata
 * (JSON) with the requirements and the description in it, and apart from them its latest attempt at a new archive
 * while that is under way or failed (five columns). Its status is not stored: the core derives it
 * (`ok` while an archive is served, else the attempt's), and queries ask for a served archive.
 */
export const ModuleVersionSchema = defineEntity({
  name: 'ModuleVersionRecord',
  tableName: 'module_versions',
  uniques: [{ name: 'module_versions_module_id_version_unique', properties: ['module', 'version'] }],
  // A provider's versions, oldest first; the sweeper's lookup of an archive.
  indexes: [{ properties: ['module', 'createdAt', 'id'] }, { properties: ['archiveBlobKey'] }],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    module: () => p.manyToOne(RegistryModuleSchema).deleteRule('cascade'),
    version: p.string().collation(BYTE_ORDER),
    source: p.enum(['tfe-api'] as const),
    commitSha: p.string().nullable(),
    uploadGeneration: p.integer(),
    archiveBlobKey: p.string().nullable(),
    archiveSha256: p.string().nullable(),
    archiveSize: p.bigint('number').nullable(),
    metadata: p.json<ModuleMetadata>().nullable(),
    // The metadata's provider requirements and module calls, written with it: the registry
    // protocol reads them on every miss of its cache, and cutting them out of kilobytes of
    // metadata then is most of what its statement would cost the database.
    requirements: p.json<StoredRequirements>().nullable(),
    // The README's opening (`versionDescription`), written with the metadata: lists show it and
    // never read the metadata, whose READMEs run to a MiB. Empty while there is none.
    description: p.text(),
    attemptStatus: p.enum(['cloning', 'reg_ingressing', 'clone_failed', 'reg_ingress_failed'] as const).nullable(),
    attemptError: p.text().nullable(),
    attemptCommitSha: p.string().nullable(),
    attemptStartedBy: p.text().nullable(),
    attemptAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
})

export type ModuleVersionRecord = InferEntity<typeof ModuleVersionSchema>
