import type { Workspace } from '@cairn/core'
import type { WorkspaceRecord } from '../schema/workspace.schema.ts'

export function toWorkspace(record: WorkspaceRecord): Workspace {
  const { currentRunId, currentRunStatus, currentRunCreatedAt } = record
  const hasCurrentRun = currentRunId != null && currentRunStatus != null && currentRunCreatedAt != null
  return {
    id: record.id,
    name: record.name,
    organizationName: record.organization.name,
    toolVersionId: record.toolVersion?.id ?? null,
    locked: record.locked,
    createdAt: record.createdAt,
    latestChangeAt: record.latestChangeAt,
    currentRun: hasCurrentRun ? { id: currentRunId, status: currentRunStatus, createdAt: currentRunCreatedAt } : null,
  }
}

/** The columns of a workspace, its current run spread over three. */
export function toWorkspaceRecord(workspace: Workspace) {
  return {
    id: workspace.id,
    name: workspace.name,
    organization: workspace.organizationName,
    toolVersion: workspace.toolVersionId,
    locked: workspace.locked,
    createdAt: workspace.createdAt,
    latestChangeAt: workspace.latestChangeAt,
    currentRunId: workspace.currentRun?.id ?? null,
    currentRunStatus: workspace.currentRun?.status ?? null,
    currentRunCreatedAt: workspace.currentRun?.createdAt ?? null,
  }
}
