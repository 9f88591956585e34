import { CairnError } from '../errors/cairn-error.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'

/**
 * The whole of a small upload, refused (as `invalid` on `field`) as soon as it passes `maxBytes`,
 * so that an oversized body is never held.
 */
export async function readBounded(content: ByteStream, maxBytes: number, field: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of content) {
    size += chunk.byteLength
    if (size > maxBytes) throw CairnError.invalidField(field, `is larger than ${maxBytes} bytes`)
    chunks.push(chunk)
  }
  const whole = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    whole.set(chunk, offset)
    offset += chunk.byteLength
  }
  return whole
}

/** One chunk as a byte stream, for storing bytes already read. */
export async function* streamOf(bytes: Uint8Array): ByteStream {
  yield bytes
}
