import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'

/**
 * A platform's zip of a provider version the mirror holds. The unique index, in the protocol's
 * order (origin host, namespace, type, version, os, arch), also serves a version's archives, a
 * provider's versions and the admin's list.
 */
export const MirroredProviderArchiveSchema = defineEntity({
  name: 'MirroredProviderArchiveRecord',
  tableName: 'mirrored_provider_archives',
  uniques: [
    {
      name: 'mirrored_provider_archives_platform_unique',
      properties: ['hostname', 'namespace', 'type', 'version', 'os', 'arch'],
    },
  ],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    hostname: p.string().collation(BYTE_ORDER),
    namespace: p.string().collation(BYTE_ORDER),
    type: p.string().collation(BYTE_ORDER),
    version: p.string().collation(BYTE_ORDER),
    os: p.string().collation(BYTE_ORDER),
    arch: p.string().collation(BYTE_ORDER),
    filename: p.text(),
    size: p.bigint('number'),
    h1: p.text(),
    sha256: p.text(),
    createdAt: p.datetime(),
    lastUsedAt: p.datetime(),
  },
})

export type MirroredProviderArchiveRecord = InferEntity<typeof MirroredProviderArchiveSchema>
