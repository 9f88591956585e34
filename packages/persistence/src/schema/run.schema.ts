import { RUN_STATUSES } from '@cairn/core'
import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { WorkspaceSchema } from './workspace.schema.ts'

export const RunSchema = defineEntity({
  name: 'RunRecord',
  tableName: 'runs',
  // A workspace's runs, newest first (read backwards); also the foreign key's index.
  indexes: [{ properties: ['workspace', 'createdAt', 'id'] }],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    workspace: () => p.manyToOne(WorkspaceSchema).deleteRule('cascade'),
    status: p.enum(RUN_STATUSES),
    message: p.text(),
    createdAt: p.datetime(),
    statusChangedAt: p.datetime(),
  },
})

export type RunRecord = InferEntity<typeof RunSchema>
