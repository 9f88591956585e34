import {
  CairnError,
  pageOffset,
  type Page,
  type ToolVersion,
  type ToolVersionQuery,
  type ToolVersionRepository,
  type ToolVersionUsage,
} from '@cairn/core'
import type { InMemoryState } from './in-memory-state.ts'
import { countUsing } from './in-memory-workspace-repository.ts'

export class InMemoryToolVersionRepository implements ToolVersionRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async list(query: ToolVersionQuery): Promise<Page<ToolVersionUsage>> {
    const needle = query.versionContains?.toLowerCase()
    const matching = [...this.#state.toolVersions.values()]
      .filter((tv) => query.exactVersion === undefined || tv.version === query.exactVersion)
      .filter((tv) => needle === undefined || tv.version.toLowerCase().includes(needle))
      .sort(byCreation)
    const start = pageOffset(query.page)
    const items = matching
      .slice(start, start + query.page.size)
      .map((toolVersion) => ({ toolVersion, usage: countUsing(this.#state, toolVersion.id) }))
    return { items, total: matching.length, request: query.page }
  }

  async findById(id: string): Promise<ToolVersion | undefined> {
    return this.#state.toolVersions.get(id)
  }

  async findByIds(ids: readonly string[]): Promise<ToolVersion[]> {
    return [...new Set(ids)].flatMap((id) => this.#state.toolVersions.get(id) ?? [])
  }

  async add(toolVersion: ToolVersion): Promise<void> {
    this.#assertUnique(toolVersion)
    this.#state.toolVersions.set(toolVersion.id, toolVersion)
  }

  async update(toolVersion: ToolVersion): Promise<void> {
    if (!this.#state.toolVersions.has(toolVersion.id)) throw CairnError.notFound('tool version')
    this.#assertUnique(toolVersion)
    this.#state.toolVersions.set(toolVersion.id, toolVersion)
  }

  async remove(id: string): Promise<void> {
    if (countUsing(this.#state, id) > 0) {
      throw CairnError.invalidField('usage', 'the tool version is used by a workspace')
    }
    this.#state.toolVersions.delete(id)
  }

  #assertUnique(toolVersion: ToolVersion): void {
    for (const other of this.#state.toolVersions.values()) {
      if (other.id !== toolVersion.id && other.version === toolVersion.version) {
        throw CairnError.invalidField('version', 'has already been taken')
      }
    }
  }
}

function byCreation(a: ToolVersion, b: ToolVersion): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}
