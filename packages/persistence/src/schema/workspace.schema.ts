import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { ToolVersionSchema } from './tool-version.schema.ts'

export const WorkspaceSchema = defineEntity({
  name: 'WorkspaceRecord',
  tableName: 'workspaces',
  uniques: [{ name: 'workspaces_organization_name_name_unique', properties: ['organizationName', 'name'] }],
  properties: {
    id: p.string().primary(),
    name: p.string(),
    organizationName: p.string(),
    // A tool version in use cannot be deleted: the database refuses, whatever races the rule.
    toolVersion: () => p.manyToOne(ToolVersionSchema).nullable().deleteRule('no action').index(),
    createdAt: p.datetime(),
  },
})

export type WorkspaceRecord = InferEntity<typeof WorkspaceSchema>
