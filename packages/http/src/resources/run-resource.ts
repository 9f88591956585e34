import type { Run } from '@cairn/core'
import { toOne, type ResourceObject } from '../jsonapi/documents.ts'

export function runResource(run: Run): ResourceObject {
  return {
    id: run.id,
    type: 'runs',
    attributes: {
      status: run.status,
      message: run.message,
      'created-at': run.createdAt.toISOString(),
      'status-timestamps': { [`${run.status.replaceAll('_', '-')}-at`]: run.statusChangedAt.toISOString() },
    },
    relationships: { workspace: toOne('workspaces', run.workspaceId) },
    links: { self: `/api/v2/runs/${run.id}` },
  }
}
