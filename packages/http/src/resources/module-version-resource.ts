import type { VersionAttempt, VersionWithUpload } from '@cairn/core'
import { toOne, type ResourceObject } from '../jsonapi/documents.ts'

/**
 * A module version; `links.upload` while it may take an archive. `status` and `error` mean what
 * go-tfe expects (`ok` once consumable; the reason of a failed status); `attempt` is Cairn's own:
 * the latest attempt at a new archive while it is under way or failed (a version `ok` meanwhile
 * still serves its last good archive), null when there is none.
 */
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
      attempt: attemptAttributes(version.attempt),
      'created-at': version.createdAt.toISOString(),
      'updated-at': version.updatedAt.toISOString(),
    },
    relationships: { 'registry-module': toOne('registry-modules', version.moduleId) },
    links: uploadObjectId === null ? {} : { upload: new URL(`v1/object/${uploadObjectId}`, uploadBase).toString() },
  }
}

function attemptAttributes(attempt: VersionAttempt | null) {
  if (attempt === null) return null
  return {
    status: attempt.status,
    error: attempt.error,
    'commit-sha': attempt.commitSha,
    'started-by': attempt.startedBy,
    at: attempt.at.toISOString(),
  }
}
