import type { ProtocolAnswer } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { estimatedHeapBytes } from './lru-expiring-cache.ts'
import { protocolEntryBytes } from './protocol-entry-bytes.ts'

describe('protocolEntryBytes', () => {
  it("weighs a versions document by its text's length: the text and the answer kept beside it", () => {
    const json = JSON.stringify([{ version: '1.0.0', root: { providers: [], dependencies: [] }, submodules: [], deprecation: null }])
    const answer: ProtocolAnswer = { kind: 'versions', document: { json } }
    expect(protocolEntryBytes(answer, 'key')).toBe(2 * 'key'.length + 3 * json.length)
  })

  it('estimates the small answers from their JSON', () => {
    const archive = { blobKey: 'modules/modver-1/1.tar.gz', sha256: 'a'.repeat(64), size: 42 }
    const answers: ProtocolAnswer[] = [
      { kind: 'archive', served: { id: 'modver-1', archive } },
      { kind: 'latest', version: '1.2.0' },
      { kind: 'versions', document: null },
    ]
    for (const answer of answers) expect(protocolEntryBytes(answer, 'key')).toBe(estimatedHeapBytes(answer, 'key'))
  })
})
