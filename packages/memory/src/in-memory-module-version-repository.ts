import { CairnError, type ModuleVersion, type ModuleVersionRepository, type ModuleVersionSummary } from '@cairn/core'
import { versionSummariesOf } from './in-memory-module-reads.ts'
import type { InMemoryState } from './in-memory-state.ts'

export class InMemoryModuleVersionRepository implements ModuleVersionRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async findById(id: string): Promise<ModuleVersion | undefined> {
    return this.#state.moduleVersions.get(id)
  }

  async find(moduleId: string, version: string): Promise<ModuleVersion | undefined> {
    return [...this.#state.moduleVersions.values()].find((v) => v.moduleId === moduleId && v.version === version)
  }

  async versionsOf(moduleIds: readonly string[]): Promise<Map<string, ModuleVersionSummary[]>> {
    return versionSummariesOf(this.#state, moduleIds)
  }

  async add(version: ModuleVersion): Promise<void> {
    if (!this.#state.registryModules.has(version.moduleId)) throw CairnError.notFound('registry module')
    if (await this.find(version.moduleId, version.version)) {
      throw CairnError.invalidField('version', 'has already been taken')
    }
    this.#state.moduleVersions.set(version.id, version)
  }

  async update(version: ModuleVersion): Promise<void> {
    if (!this.#state.moduleVersions.has(version.id)) throw CairnError.notFound('registry module version')
    this.#state.moduleVersions.set(version.id, version)
  }

  async remove(id: string): Promise<void> {
    this.#state.moduleVersions.delete(id)
    this.#state.moduleDownloads.delete(id)
  }
}
