import type { ToolArchive } from '@cairn/core'
import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'

export const ToolVersionSchema = defineEntity({
  name: 'ToolVersionRecord',
  tableName: 'tool_versions',
  indexes: [{ properties: ['createdAt', 'id'] }],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    version: p.string().unique(),
    url: p.text(),
    sha: p.string(),
    /** Every platform's binary; `url` and `sha` mirror its linux/amd64 entry for readers of the row. */
    archs: p.json<ToolArchive[]>(),
    deprecated: p.boolean(),
    deprecatedReason: p.text().nullable(),
    official: p.boolean(),
    enabled: p.boolean(),
    beta: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
})

export type ToolVersionRecord = InferEntity<typeof ToolVersionSchema>
