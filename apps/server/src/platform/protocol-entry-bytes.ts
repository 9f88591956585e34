import type { ProtocolVersion } from '@cairn/core'
import { estimatedHeapBytes } from './lru-expiring-cache.ts'

/**
 * What an entry of the protocol cache weighs: its objects, and the `versions` answer the HTTP
 * layer keeps beside it as UTF-8 bytes for as long as the entry lives (`versionsBody`, about one
 * byte per character of the entry's JSON, where the objects take two): half as much again.
 * Without the answer the bound would let the cache grow half past it.
 */
export function protocolEntryBytes(versions: readonly ProtocolVersion[], key: string): number {
  return Math.ceil(estimatedHeapBytes(versions, key) * 1.5)
}
