import type { StoreCache } from '../caching/store-cache.ts'
import type { ServedArchive, VersionsDocument } from './protocol-version.ts'

/**
 * What the registry protocol's cache keeps, by the answer it is for; null where the store had
 * none, which is as much an answer (`not_found`) as any.
 */
export type ProtocolAnswer =
  | { readonly kind: 'versions'; readonly document: VersionsDocument | null }
  | { readonly kind: 'archive'; readonly served: ServedArchive | null }
  | { readonly kind: 'latest'; readonly version: string | null }

type Kind = ProtocolAnswer['kind']
type AnswerOf<K extends Kind> = Extract<ProtocolAnswer, { kind: K }>

/** A module provider as the protocol's paths name it. */
interface Address {
  readonly namespace: string
  readonly name: string
  readonly provider: string
}

/**
 * The protocol's answers in one cache, which one bound holds (many modules' documents, or many
 * more versions' archives), each kind under keys of its own.
 */
export class ProtocolAnswers {
  readonly #cache: StoreCache<ProtocolAnswer>

  constructor(cache: StoreCache<ProtocolAnswer>) {
    this.#cache = cache
  }

  versions(address: Address, load: () => Promise<VersionsDocument | null>): Promise<AnswerOf<'versions'>> {
    return this.#answer('versions', [address.namespace, address.name, address.provider], async () => ({
      kind: 'versions',
      document: await load(),
    }))
  }

  archive(address: Address & { readonly version: string }, load: () => Promise<ServedArchive | null>): Promise<AnswerOf<'archive'>> {
    const key = [address.namespace, address.name, address.provider, address.version]
    return this.#answer('archive', key, async () => ({ kind: 'archive', served: await load() }))
  }

  latest(address: Address, load: () => Promise<string | null>): Promise<AnswerOf<'latest'>> {
    return this.#answer('latest', [address.namespace, address.name, address.provider], async () => ({
      kind: 'latest',
      version: await load(),
    }))
  }

  async #answer<K extends Kind>(kind: K, key: readonly string[], load: () => Promise<AnswerOf<K>>): Promise<AnswerOf<K>> {
    // The key begins with the kind, and only an answer of that kind is ever kept under it.
    return (await this.#cache.get(JSON.stringify([kind, ...key]), load)) as AnswerOf<K>
  }
}
