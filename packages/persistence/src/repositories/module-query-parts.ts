import type { FilterQuery } from '@mikro-orm/core'
import type { RegistryModuleRecord } from '../schema/registry-module.schema.ts'

/** A table's name as the ORM writes it, with the store's schema. */
export function tableOf(schema: string | undefined, entity: { readonly meta: { readonly tableName: string } }): string {
  return `${schema === undefined ? '' : `"${schema}".`}"${entity.meta.tableName}"`
}

/** Module providers by address: namespace, name, provider, then registry. */
export const ADDRESS_ORDER = { namespace: 'asc', name: 'asc', provider: 'asc', registryName: 'asc' } as const

/** What makes a version `ok`: an archive it serves. */
export const SERVED = { archiveBlobKey: { $ne: null } } as const

/** Names, namespaces or providers matching `pattern` (a LIKE pattern), case-insensitively. */
export function matching(pattern: string): FilterQuery<RegistryModuleRecord> {
  return { $or: [{ name: { $ilike: pattern } }, { namespace: { $ilike: pattern } }, { provider: { $ilike: pattern } }] }
}
