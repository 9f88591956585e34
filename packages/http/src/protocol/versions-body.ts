import type { ProtocolVersion } from '@cairn/core'
import { versionsDocument } from './protocol-documents.ts'

type Address = { readonly namespace: string; readonly name: string; readonly provider: string }

/**
 * The `versions` answer as JSON text, made once per list of versions: on the hot path the use
 * case hands out the same cached list until a write or the cache's expiry replaces it, and
 * serialising kilobytes of requirements is most of what such a request would cost. Keyed by the
 * list itself, so an answer lives exactly as long as the cache entry it was made from.
 */
const bodies = new WeakMap<readonly ProtocolVersion[], { readonly source: string; readonly body: string }>()

export function versionsBody(address: Address, versions: readonly ProtocolVersion[]): string {
  const source = `${address.namespace}/${address.name}/${address.provider}`
  const made = bodies.get(versions)
  if (made?.source === source) return made.body
  const body = JSON.stringify(versionsDocument(address, versions))
  bodies.set(versions, { source, body })
  return body
}
