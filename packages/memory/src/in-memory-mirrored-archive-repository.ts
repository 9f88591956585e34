import {
  CairnError,
  type MirroredArchive,
  type MirroredArchiveRepository,
  type MirroredProviderAddress,
  type Page,
  type PageRequest,
} from '@cairn/core'
import { compareText, deleteWhere, pageOf, type InMemoryState } from './in-memory-state.ts'

const ORDER = ['hostname', 'namespace', 'type', 'version', 'os', 'arch'] as const

const sameProvider = (archive: MirroredArchive, address: MirroredProviderAddress) =>
  archive.hostname === address.hostname && archive.namespace === address.namespace && archive.type === address.type

export class InMemoryMirroredArchiveRepository implements MirroredArchiveRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async versionsOf(address: MirroredProviderAddress): Promise<string[]> {
    return [
      ...new Set(
        this.#all()
          .filter((archive) => sameProvider(archive, address))
          .map((archive) => archive.version),
      ),
    ]
  }

  async archivesOf(address: MirroredProviderAddress, version: string): Promise<MirroredArchive[]> {
    return this.#sorted().filter((archive) => sameProvider(archive, address) && archive.version === version)
  }

  async findById(id: string): Promise<MirroredArchive | undefined> {
    return this.#state.mirroredArchives.get(id)
  }

  async list(page: PageRequest): Promise<Page<MirroredArchive>> {
    return pageOf(this.#sorted(), page)
  }

  async add(archive: MirroredArchive): Promise<void> {
    const taken = this.#all().some(
      (other) =>
        sameProvider(other, archive) && other.version === archive.version && other.os === archive.os && other.arch === archive.arch,
    )
    if (taken) throw CairnError.invalidField('platform', 'has already been taken')
    this.#state.mirroredArchives.set(archive.id, archive)
  }

  async removeVersion(address: MirroredProviderAddress, version: string): Promise<MirroredArchive[]> {
    const removed = await this.archivesOf(address, version)
    deleteWhere(this.#state.mirroredArchives, (archive) => sameProvider(archive, address) && archive.version === version)
    return removed
  }

  async touch(ids: readonly string[], at: Date): Promise<void> {
    for (const id of ids) {
      const archive = this.#state.mirroredArchives.get(id)
      if (archive !== undefined) this.#state.mirroredArchives.set(id, { ...archive, lastUsedAt: at })
    }
  }

  #all(): MirroredArchive[] {
    return [...this.#state.mirroredArchives.values()]
  }

  #sorted(): MirroredArchive[] {
    return this.#all().sort((a, b) => ORDER.reduce((order, field) => order || compareText(a[field], b[field]), 0))
  }
}
