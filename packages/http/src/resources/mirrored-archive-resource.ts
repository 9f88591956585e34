import type { MirroredArchive } from '@cairn/core'
import type { ResourceObject } from '../jsonapi/documents.ts'

export function mirroredArchiveResource(archive: MirroredArchive): ResourceObject {
  return {
    id: archive.id,
    type: 'mirrored-provider-archives',
    attributes: {
      hostname: archive.hostname,
      namespace: archive.namespace,
      'provider-type': archive.type,
      version: archive.version,
      os: archive.os,
      arch: archive.arch,
      filename: archive.filename,
      size: archive.size,
      hashes: [archive.h1, `zh:${archive.sha256}`],
      'created-at': archive.createdAt.toISOString(),
      'last-used-at': archive.lastUsedAt.toISOString(),
    },
  }
}
