import type { WorkspaceView } from '@cairn/core'
import { toOne, type ResourceObject } from '../jsonapi/documents.ts'

export function workspaceResource({ workspace, toolVersion }: WorkspaceView): ResourceObject {
  return {
    id: workspace.id,
    type: 'workspaces',
    attributes: {
      name: workspace.name,
      locked: workspace.locked,
      'vcs-repo': null,
      'terraform-version': toolVersion,
      'created-at': workspace.createdAt.toISOString(),
      'latest-change-at': workspace.latestChangeAt.toISOString(),
    },
    relationships: {
      organization: toOne('organizations', workspace.organizationName),
      'current-run': toOne('runs', workspace.currentRun?.id),
    },
    links: { self: `/api/v2/organizations/${workspace.organizationName}/workspaces/${workspace.name}` },
  }
}
