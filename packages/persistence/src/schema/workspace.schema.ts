import { RUN_STATUSES } from '@cairn/core'
import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { OrganizationSchema } from './organization.schema.ts'
import { ToolVersionSchema } from './tool-version.schema.ts'
import { trigramIndex } from './trigram-index.ts'

/**
 * A workspace, with its current run's id, status and creation time copied in so that lists
 * filter and sort on them without a join. The current run id has no foreign key: the run belongs
 * to the workspace, and both go together.
 */
export const WorkspaceSchema = defineEntity({
  name: 'WorkspaceRecord',
  tableName: 'workspaces',
  // Also the index of an organization's workspaces.
  uniques: [{ name: 'workspaces_organization_name_name_unique', properties: ['organization', 'name'] }],
  indexes: [
    { properties: ['name', 'id'] },
    { properties: ['latestChangeAt', 'id'] },
    { properties: ['currentRunCreatedAt', 'id'] },
    { properties: ['currentRunStatus'] },
    trigramIndex('workspaces', 'name'),
    trigramIndex('workspaces', 'organization_name'),
  ],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    name: p.string().collation(BYTE_ORDER),
    organization: () => p.manyToOne(OrganizationSchema).deleteRule('cascade'),
    // A tool version in use cannot be deleted: the database refuses, whatever races the rule.
    toolVersion: () => p.manyToOne(ToolVersionSchema).nullable().deleteRule('no action').index(),
    locked: p.boolean(),
    createdAt: p.datetime(),
    latestChangeAt: p.datetime(),
    currentRunId: p.string().nullable(),
    currentRunStatus: p.enum(RUN_STATUSES).nullable(),
    currentRunCreatedAt: p.datetime().nullable(),
  },
})

export type WorkspaceRecord = InferEntity<typeof WorkspaceSchema>
