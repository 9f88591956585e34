import {
  protocolVersionOf,
  versionsJson,
  type ModuleCatalog,
  type ModuleMetadata,
  type ProtocolVersion,
  type PublishedModuleQuery,
  type RegistryModule,
  type ServedArchive,
  type ServedVersionQuery,
  type ServedVersionsQuery,
} from '@cairn/core'
import { byAddress, matches, moduleAt, versionSummariesOf } from './in-memory-module-reads.ts'
import { compareText, type InMemoryState } from './in-memory-state.ts'

export class InMemoryModuleCatalog implements ModuleCatalog {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async published(query: PublishedModuleQuery): Promise<RegistryModule[]> {
    const { organizationNames, namespace, provider, search } = query
    const versions = [...this.#state.moduleVersions.values()]
    const ready = new Set(versions.filter((version) => version.status === 'ok').map((version) => version.moduleId))
    return [...this.#state.registryModules.values()]
      .filter((m) => m.registryName === 'private' && ready.has(m.id))
      .filter((m) => organizationNames === undefined || organizationNames.includes(m.organizationName))
      .filter((m) => (namespace === undefined || m.namespace === namespace) && (provider === undefined || m.provider === provider))
      .filter((m) => search === undefined || matches(m, search))
      .sort((a, b) => byAddress(a, b) || compareText(a.organizationName, b.organizationName))
      .slice(query.offset, query.offset + query.limit)
  }

  async servedVersions(query: ServedVersionsQuery): Promise<ProtocolVersion[]> {
    const module = moduleAt(this.#state, query.organizationName, query.address)
    const versions = module === undefined ? [] : (versionSummariesOf(this.#state, [module.id]).get(module.id) ?? [])
    return versions
      .filter((v) => v.status === 'ok')
      .map((version) => protocolVersionOf(version, this.#state.moduleVersions.get(version.id)?.metadata ?? null))
  }

  /** Made on each read: memory has no transaction apart from the versions to keep it in. */
  async versionsDocument(query: ServedVersionsQuery): Promise<string | null> {
    const served = await this.servedVersions(query)
    return served.length === 0 ? null : versionsJson(served)
  }

  async servedArchive(query: ServedVersionQuery): Promise<ServedArchive | undefined> {
    const module = moduleAt(this.#state, query.organizationName, query.address)
    if (module === undefined) return undefined
    for (const { moduleId, version, id, archive } of this.#state.moduleVersions.values()) {
      if (moduleId === module.id && version === query.version && archive !== null) return { id, archive }
    }
    return undefined
  }

  async versionMetadata(versionIds: readonly string[]): Promise<Map<string, ModuleMetadata>> {
    return new Map(
      versionIds.flatMap((id) => {
        const metadata = this.#state.moduleVersions.get(id)?.metadata
        return metadata ? [[id, metadata]] : []
      }),
    )
  }
}
