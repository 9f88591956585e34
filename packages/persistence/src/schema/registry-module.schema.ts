import { REGISTRY_NAMES, type VcsRepo } from '@cairn/core'
import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { OrganizationSchema } from './organization.schema.ts'
import { trigramIndex } from './trigram-index.ts'

/** `vcs_repo` as stored: rows written before monorepo settings existed lack them. */
export type StoredVcsRepo = Omit<VcsRepo, 'sourceDirectory' | 'tagPrefix'> & Partial<Pick<VcsRepo, 'sourceDirectory' | 'tagPrefix'>>

/**
 * One provider of a module. The address is unique in its organization; the unique index, in
 * namespace, name, provider order, is also the index of the organization's list and of the
 * providers of one module; the same with the id in it finds a deep page's ids (see `keyedBy`). A search
 * reads the trigram indexes: one organization may hold 10,000 modules.
 */
export const RegistryModuleSchema = defineEntity({
  name: 'RegistryModuleRecord',
  tableName: 'registry_modules',
  uniques: [
    {
      name: 'registry_modules_address_unique',
      properties: ['organization', 'namespace', 'name', 'provider', 'registryName'],
    },
  ],
  indexes: [
    trigramIndex('registry_modules', 'name'),
    trigramIndex('registry_modules', 'namespace'),
    trigramIndex('registry_modules', 'provider'),
    {
      name: 'registry_modules_address_id_index',
      expression: `create index "registry_modules_address_id_index" on "registry_modules" ("organization_name", "namespace", "name", "provider", "registry_name") include ("id")`,
    },
  ],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    organization: () => p.manyToOne(OrganizationSchema).deleteRule('cascade'),
    registryName: p.enum([...REGISTRY_NAMES]),
    namespace: p.string().collation(BYTE_ORDER),
    name: p.string().collation(BYTE_ORDER),
    provider: p.string().collation(BYTE_ORDER),
    status: p.enum(['pending', 'no_version_tags', 'setup_failed', 'setup_complete'] as const),
    publishingMechanism: p.enum(['non_vcs', 'git_tag', 'branch'] as const),
    noCode: p.boolean(),
    vcsRepo: p.json<StoredVcsRepo>().nullable(),
    /** `vcsRepo.webhook.tokenDigest`, unique and indexed: webhooks find their module by it, never by the token itself. */
    webhookTokenDigest: p.string().nullable().unique('registry_modules_webhook_token_digest_unique'),
    testsEnabled: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
})

export type RegistryModuleRecord = InferEntity<typeof RegistryModuleSchema>
