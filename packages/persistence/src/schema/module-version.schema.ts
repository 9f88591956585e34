import type { ModuleMetadata } from '@cairn/core'
import type { StoredRequirements } from './stored-requirements.ts'
import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { RegistryModuleSchema } from './registry-module.schema.ts'

/** A version of a module provider, with its archive (three columns), metadata (JSON) and the requirements in it. */
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
    status: p.enum(['pending', 'cloning', 'clone_failed', 'reg_ingress_req_failed', 'reg_ingressing', 'reg_ingress_failed', 'ok'] as const),
    error: p.text().nullable(),
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
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
})

export type ModuleVersionRecord = InferEntity<typeof ModuleVersionSchema>
