import type { VersionsDocument } from '@cairn/core'

type Address = { readonly namespace: string; readonly name: string; readonly provider: string }

const UTF8 = new TextEncoder()

/**
 * The `versions` answer as UTF-8 bytes, made once per document: on the hot path the use case
 * hands out the same cached document until a write or the cache's expiry replaces it. Bytes, not
 * text, as the answer cache keeps its answers: a text body is copied into the response's headers
 * and encoded again on every request (kilobytes for a typical module). Keyed by the document
 * itself, so an answer lives exactly as long as the cache entry it was made from.
 */
const bodies = new WeakMap<VersionsDocument, { readonly source: string; readonly body: Uint8Array<ArrayBuffer> }>()

/** The protocol's versions shape: one module, its ready versions with what each requires (the document's list). */
export function versionsBody(address: Address, document: VersionsDocument): Uint8Array<ArrayBuffer> {
  const source = `${address.namespace}/${address.name}/${address.provider}`
  const made = bodies.get(document)
  if (made?.source === source) return made.body
  const body = UTF8.encode(`{"modules":[{"source":${JSON.stringify(source)},"versions":${document.json}}]}`)
  bodies.set(document, { source, body })
  return body
}
