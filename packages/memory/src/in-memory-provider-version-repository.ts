import semver from 'semver'
import { CairnError, type Page, type PageRequest, type ProviderVersion, type ProviderVersionRepository } from '@cairn/core'
import { compareText, deleteWhere, pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryProviderVersionRepository implements ProviderVersionRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async list(providerId: string, page: PageRequest): Promise<Page<ProviderVersion>> {
    return pageOf(await this.allOf([providerId]), page)
  }

  async allOf(providerIds: readonly string[]): Promise<ProviderVersion[]> {
    const wanted = new Set(providerIds)
    return [...this.#state.providerVersions.values()].filter((v) => wanted.has(v.providerId)).sort(newestFirst)
  }

  async find(providerId: string, version: string): Promise<ProviderVersion | undefined> {
    return [...this.#state.providerVersions.values()].find((v) => v.providerId === providerId && v.version === version)
  }

  async findById(id: string): Promise<ProviderVersion | undefined> {
    return this.#state.providerVersions.get(id)
  }

  async add(version: ProviderVersion): Promise<void> {
    if (!this.#state.registryProviders.has(version.providerId)) throw CairnError.notFound('registry provider')
    if (await this.find(version.providerId, version.version)) throw CairnError.invalidField('version', 'has already been taken')
    this.#state.providerVersions.set(version.id, version)
  }

  async update(version: ProviderVersion): Promise<void> {
    if (!this.#state.providerVersions.has(version.id)) throw CairnError.notFound('registry provider version')
    this.#state.providerVersions.set(version.id, version)
  }

  async remove(id: string): Promise<void> {
    removeVersionsWhere(this.#state, (version) => version.id === id)
  }
}

/** Removes the versions `doomed` picks, with their platforms, as the database's cascade does. */
export function removeVersionsWhere(state: InMemoryState, doomed: (version: ProviderVersion) => boolean): void {
  const removed = new Set<string>()
  for (const version of state.providerVersions.values()) if (doomed(version)) removed.add(version.id)
  deleteWhere(state.providerVersions, (version) => removed.has(version.id))
  deleteWhere(state.providerPlatforms, (platform) => removed.has(platform.versionId))
}

/** Newest semver first; id apart versions equal but for build metadata. */
function newestFirst(a: ProviderVersion, b: ProviderVersion): number {
  return semver.compare(b.version, a.version) || compareText(b.id, a.id)
}
