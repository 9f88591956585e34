import type { ModuleHousekeeping, RegistryModule } from '@cairn/core'
import { compareText, type InMemoryState } from './in-memory-state.ts'

export class InMemoryModuleHousekeeping implements ModuleHousekeeping {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async addDownloads(counts: ReadonlyMap<string, number>): Promise<void> {
    for (const [id, count] of counts) {
      if (this.#state.moduleVersions.has(id)) this.#state.moduleDownloads.set(id, (this.#state.moduleDownloads.get(id) ?? 0) + count)
    }
  }

  async stuckUploadIds(before: Date, limit: number): Promise<string[]> {
    return [...this.#state.moduleVersions.values()]
      .flatMap(({ id, attempt }) => (attempt?.status === 'reg_ingressing' && attempt.at < before ? [{ id, at: attempt.at.getTime() }] : []))
      .sort((a, b) => a.at - b.at || compareText(a.id, b.id))
      .map((version) => version.id)
      .slice(0, limit)
  }

  async vcsModules(after: string, limit: number): Promise<Pick<RegistryModule, 'id' | 'organizationName'>[]> {
    return [...this.#state.registryModules.values()]
      .filter((module) => module.publishingMechanism !== 'non_vcs' && module.id > after)
      .map(({ id, organizationName }) => ({ id, organizationName }))
      .sort((a, b) => compareText(a.id, b.id))
      .slice(0, limit)
  }

  async archiveKeysOfOrganization(organizationName: string): Promise<string[]> {
    return [...this.#state.moduleVersions.values()].flatMap((version) => {
      const module = this.#state.registryModules.get(version.moduleId)
      return module?.organizationName === organizationName && version.archive !== null ? [version.archive.blobKey] : []
    })
  }
}
