import type { RunStatus, Workspace } from '@cairn/core'
import type { WorkspaceRecord } from '../schema/workspace.schema.ts'
import { timestampOf } from './row-values.ts'

/** A workspace's row as the database returns it (column names), for lists read without the ORM's entities. */
export interface WorkspaceRow {
  readonly id: string
  readonly name: string
  readonly organization_name: string
  readonly tool_version_id: string | null
  readonly locked: boolean
  readonly created_at: Date | string
  readonly latest_change_at: Date | string
  readonly current_run_id: string | null
  readonly current_run_status: RunStatus | null
  readonly current_run_created_at: Date | string | null
}

export function fromWorkspaceRow(row: WorkspaceRow): Workspace {
  const { current_run_id: id, current_run_status: status, current_run_created_at: createdAt } = row
  return {
    id: row.id,
    name: row.name,
    organizationName: row.organization_name,
    toolVersionId: row.tool_version_id,
    locked: row.locked,
    createdAt: timestampOf(row.created_at),
    latestChangeAt: timestampOf(row.latest_change_at),
    currentRun: id !== null && status !== null && createdAt !== null ? { id, status, createdAt: timestampOf(createdAt) } : null,
  }
}

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
