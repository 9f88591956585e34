import { CairnError, type Page, type PageRequest, type ProviderPlatform, type ProviderPlatformRepository } from '@cairn/core'
import { compareText, pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryProviderPlatformRepository implements ProviderPlatformRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async list(versionId: string, page: PageRequest): Promise<Page<ProviderPlatform>> {
    return pageOf(await this.allOf([versionId]), page)
  }

  async allOf(versionIds: readonly string[]): Promise<ProviderPlatform[]> {
    const wanted = new Set(versionIds)
    return [...this.#state.providerPlatforms.values()]
      .filter((p) => wanted.has(p.versionId))
      .sort((a, b) => compareText(a.versionId, b.versionId) || compareText(a.os, b.os) || compareText(a.arch, b.arch))
  }

  async find(versionId: string, os: string, arch: string): Promise<ProviderPlatform | undefined> {
    return [...this.#state.providerPlatforms.values()].find((p) => p.versionId === versionId && p.os === os && p.arch === arch)
  }

  async findById(id: string): Promise<ProviderPlatform | undefined> {
    return this.#state.providerPlatforms.get(id)
  }

  async add(platform: ProviderPlatform): Promise<void> {
    if (!this.#state.providerVersions.has(platform.versionId)) throw CairnError.notFound('registry provider version')
    if (await this.find(platform.versionId, platform.os, platform.arch)) throw CairnError.invalidField('os', 'has already been taken')
    this.#state.providerPlatforms.set(platform.id, platform)
  }

  async update(platform: ProviderPlatform): Promise<void> {
    if (!this.#state.providerPlatforms.has(platform.id)) throw CairnError.notFound('registry provider platform')
    this.#state.providerPlatforms.set(platform.id, platform)
  }

  async remove(id: string): Promise<void> {
    this.#state.providerPlatforms.delete(id)
  }

  async addDownloads(counts: ReadonlyMap<string, number>): Promise<void> {
    for (const [id, count] of counts) {
      const platform = this.#state.providerPlatforms.get(id)
      if (platform !== undefined) this.#state.providerPlatforms.set(id, { ...platform, downloads: platform.downloads + count })
    }
  }
}
