import { defineEntity, p } from '@mikro-orm/core'
import { ModuleVersionSchema } from './module-version.schema.ts'

/**
 * How often each version was downloaded, in a narrow table of its own: a flush adds to tens of
 * thousands of versions at once, and an increment on the version's own row (kilobytes with its
 * metadata, four indexes) copied the whole row and wrote every index: ten times the log.
 * A version nobody downloaded has no row. Rows are only ever incremented in place.
 */
export const ModuleVersionDownloadsSchema = defineEntity({
  name: 'ModuleVersionDownloadsRecord',
  tableName: 'module_version_downloads',
  properties: {
    version: () => p.manyToOne(ModuleVersionSchema).primary().deleteRule('cascade'),
    downloads: p.integer(),
  },
})
