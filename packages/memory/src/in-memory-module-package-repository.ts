import { CairnError, type ModulePackage, type ModulePackageRepository } from '@cairn/core'
import type { InMemoryState } from './in-memory-state.ts'

export class InMemoryModulePackageRepository implements ModulePackageRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async find(versionId: string, archiveSha256: string): Promise<ModulePackage | undefined> {
    return this.#all().find((stored) => stored.versionId === versionId && stored.archiveSha256 === archiveSha256)
  }

  async withDigest(versionIds: readonly string[], sha256: string): Promise<ModulePackage[]> {
    const versions = new Set(versionIds)
    return this.#all().filter(
      (stored) => versions.has(stored.versionId) && (stored.manifestSha256 === sha256 || stored.zipSha256 === sha256),
    )
  }

  async add(modulePackage: ModulePackage): Promise<void> {
    if ((await this.find(modulePackage.versionId, modulePackage.archiveSha256)) !== undefined) {
      throw CairnError.invalidField('archive', 'has already been packaged')
    }
    this.#state.modulePackages.set(modulePackage.id, modulePackage)
  }

  #all(): ModulePackage[] {
    return [...this.#state.modulePackages.values()]
  }
}
