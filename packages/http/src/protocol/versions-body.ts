import type { ProtocolVersion } from '@cairn/core'
import { versionsDocument } from './protocol-documents.ts'

type Address = { readonly namespace: string; readonly name: string; readonly provider: string }

const UTF8 = new TextEncoder()

/**
 * The `versions` answer as UTF-8 bytes, made once per list of versions: on the hot path the use
 * case hands out the same cached list until a write or the cache's expiry replaces it, and
 * serialising kilobytes of requirements is most of what such a request would cost. Bytes, not
 * text, as the answer cache keeps its answers: a text body is copied into the response's headers
 * and encoded again on every request (kilobytes for a typical module). Keyed by the list itself,
 * so an answer lives exactly as long as the cache entry it was made from.
 */
const bodies = new WeakMap<readonly ProtocolVersion[], { readonly source: string; readonly body: Uint8Array<ArrayBuffer> }>()

export function versionsBody(address: Address, versions: readonly ProtocolVersion[]): Uint8Array<ArrayBuffer> {
  const source = `${address.namespace}/${address.name}/${address.provider}`
  const made = bodies.get(versions)
  if (made?.source === source) return made.body
  const body = UTF8.encode(JSON.stringify(versionsDocument(address, versions)))
  bodies.set(versions, { source, body })
  return body
}
