import type { VersionWithUpload } from '@cairn/core'
import { toOne, type ResourceObject } from '../jsonapi/documents.ts'

/** A module version; `links.upload` while it may take an archive. */
export function moduleVersionResource({ version, uploadObjectId }: VersionWithUpload, uploadBase: URL): ResourceObject {
  return {
    id: version.id,
    type: 'registry-module-versions',
    attributes: {
      source: version.source,
      status: version.status,
      version: version.version,
      'commit-sha': version.commitSha,
      error: version.error,
      ...(version.archive !== null && { 'archive-sha256': version.archive.sha256, 'archive-size': version.archive.size }),
      'created-at': version.createdAt.toISOString(),
      'updated-at': version.updatedAt.toISOString(),
    },
    relationships: { 'registry-module': toOne('registry-modules', version.moduleId) },
    links: uploadObjectId === null ? {} : { upload: new URL(`v1/object/${uploadObjectId}`, uploadBase).toString() },
  }
}
