import type { GpgKey } from '../providers/gpg-key.ts'
import type { Page, PageRequest } from '../shared/page.ts'

/** GPG keys of provider namespaces, stored. */
export interface GpgKeyRepository {
  /** A page of the keys of these namespaces, oldest first. */
  list(namespaces: readonly string[], page: PageRequest): Promise<Page<GpgKey>>
  /** The namespace's key with this key id; undefined when there is none. */
  find(namespace: string, keyId: string): Promise<GpgKey | undefined>
  /**
   * Stores a new key. Raises `invalid` on `key-id` when the namespace has a key with its key id,
   * and `not_found` when its organization does not exist.
   */
  add(key: GpgKey): Promise<void>
  /** Replaces a stored key. Raises `not_found` when there is none with its id; `invalid` as `add` does. */
  update(key: GpgKey): Promise<void>
  /** Removes a key; nothing happens when there is none. */
  remove(id: string): Promise<void>
  /** The next id for a key: a decimal string, never handed out twice. */
  nextId(): Promise<string>
}
