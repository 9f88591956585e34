import type { ProtocolAnswer } from '@cairn/core'
import { estimatedHeapBytes } from './lru-expiring-cache.ts'

/**
 * What an entry of the protocol cache weighs. A `versions` document: its JSON text (at most two
 * bytes a character), and the answer the HTTP layer makes of it and keeps beside it as UTF-8
 * bytes for as long as the entry lives (`versionsBody`, a byte a character); without the answer
 * the bound would let the cache grow half past it. Counted from the text's length, where the
 * estimate from JSON would write the document's kilobytes out again on every miss. The other
 * answers are small objects.
 */
export function protocolEntryBytes(answer: ProtocolAnswer, key: string): number {
  if (answer.kind !== 'versions' || answer.document === null) return estimatedHeapBytes(answer, key)
  return key.length * 2 + answer.document.json.length * 3
}
