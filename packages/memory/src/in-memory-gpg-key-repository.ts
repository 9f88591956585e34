import { CairnError, type GpgKey, type GpgKeyRepository, type Page, type PageRequest } from '@cairn/core'
import { compareText, pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryGpgKeyRepository implements GpgKeyRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async list(namespaces: readonly string[], page: PageRequest): Promise<Page<GpgKey>> {
    const wanted = new Set(namespaces)
    const matching = [...this.#state.gpgKeys.values()]
      .filter((key) => wanted.has(key.namespace))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || Number(a.id) - Number(b.id) || compareText(a.id, b.id))
    return pageOf(matching, page)
  }

  async find(namespace: string, keyId: string): Promise<GpgKey | undefined> {
    return [...this.#state.gpgKeys.values()].find((key) => key.namespace === namespace && key.keyId === keyId)
  }

  async add(key: GpgKey): Promise<void> {
    if (!this.#state.organizations.has(key.organizationName)) throw CairnError.notFound('organization')
    await this.#assertUnique(key)
    this.#state.gpgKeys.set(key.id, key)
  }

  async update(key: GpgKey): Promise<void> {
    if (!this.#state.gpgKeys.has(key.id)) throw CairnError.notFound('gpg key')
    if (!this.#state.organizations.has(key.organizationName)) throw CairnError.notFound('organization')
    await this.#assertUnique(key)
    this.#state.gpgKeys.set(key.id, key)
  }

  async remove(id: string): Promise<void> {
    this.#state.gpgKeys.delete(id)
  }

  async nextId(): Promise<string> {
    this.#state.gpgKeyIds.last += 1
    return String(this.#state.gpgKeyIds.last)
  }

  async #assertUnique(key: GpgKey): Promise<void> {
    const existing = await this.find(key.namespace, key.keyId)
    if (existing !== undefined && existing.id !== key.id) throw CairnError.invalidField('key-id', 'has already been taken')
  }
}
