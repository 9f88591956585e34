import type { ServedArchive, ServedVersionQuery, ServedVersionsQuery } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ModuleVersionSchema } from '../schema/module-version.schema.ts'
import { RegistryModuleSchema } from '../schema/registry-module.schema.ts'
import { tableOf } from './module-query-parts.ts'
import { executePrepared, preparedStatement } from './prepared-statement.ts'
import { toServedArchive, type ServedArchiveRow } from './protocol-version-mapper.ts'
import { TurnBatch } from './turn-batch.ts'

/** The registry protocol's lookups outside a transaction, each batched by turn (`TurnBatch`). */
export interface ProtocolBatches {
  readonly versionsDocuments: TurnBatch<ServedVersionsQuery, string>
  readonly servedArchives: TurnBatch<ServedVersionQuery, ServedArchive>
}

/** A key of a batch as its statement reads it (`jsonb_to_recordset`), its index in the batch first. */
function keyOf(n: number, { organizationName, address }: ServedVersionsQuery, version?: string) {
  const { registryName, namespace, name, provider } = address
  return { n, organization_name: organizationName, registry_name: registryName, namespace, name, provider, version }
}

/** The keys' columns: `text`, so that each lookup runs as one of a prepared single-key statement would. */
const KEYS = 'n int, organization_name text, registry_name text, namespace text, name text, provider text, version text'

/** A module provider of the batch by its address, `m`. */
const MODULE_AT = `m.organization_name = k.organization_name and m.registry_name = k.registry_name
  and m.namespace = k.namespace and m.name = k.name and m.provider = k.provider`

/**
 * The batches of one ORM (its metadata: schema, naming). Each key is looked up by a subquery of
 * its own, which the planner plans as the single-key statement, by the address index: as a join,
 * it would find the name in its trigram index, for milliseconds.
 */
const batches = new WeakMap<object, ProtocolBatches>()

export function protocolBatches(em: EntityManager): ProtocolBatches {
  const metadata = em.getMetadata()
  const made = batches.get(metadata)
  if (made !== undefined) return made
  const schema = em.config.get('schema')
  const modules = tableOf(schema, RegistryModuleSchema)
  const documents = preparedStatement(
    'cairn_versions_documents',
    `select k.n, (select d.versions from ${modules} m join ${tableOf(schema, { meta: { tableName: 'module_protocol_documents' } })} d
        on d.module_id = m.id where ${MODULE_AT}) as versions
      from jsonb_to_recordset(?::jsonb) as k(${KEYS})`,
  )
  const archives = preparedStatement(
    'cairn_served_archives',
    `select k.n, a.* from jsonb_to_recordset(?::jsonb) as k(${KEYS})
      cross join lateral (select v.id, v.archive_blob_key, v.archive_sha256, v.archive_size
        from ${modules} m join ${tableOf(schema, ModuleVersionSchema)} v on v.module_id = m.id
        where ${MODULE_AT} and v.version = k.version and v.archive_blob_key is not null limit 1) a`,
  )
  const created: ProtocolBatches = {
    versionsDocuments: new TurnBatch(async (keys) => {
      const rows = await executePrepared<{ n: number; versions: string | null }>(em, documents, [
        JSON.stringify(keys.map((key, n) => keyOf(n, key))),
      ])
      return inOrder(keys.length, rows, (row) => row.versions ?? undefined)
    }),
    servedArchives: new TurnBatch(async (keys) => {
      const rows = await executePrepared<ServedArchiveRow & { n: number }>(em, archives, [
        JSON.stringify(keys.map((key, n) => keyOf(n, key, key.version))),
      ])
      return inOrder(keys.length, rows, toServedArchive)
    }),
  }
  batches.set(metadata, created)
  return created
}

/** The rows' answers at the indexes of their keys. */
function inOrder<Row extends { n: number }, R>(count: number, rows: readonly Row[], answer: (row: Row) => R | undefined) {
  const found: (R | undefined)[] = Array.from({ length: count }, () => undefined)
  for (const row of rows) found[row.n] = answer(row)
  return found
}
