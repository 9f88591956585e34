import { createHash } from 'node:crypto'
import type { ByteStream, StoredBlob } from '@cairn/core'

const encoder = new TextEncoder()

/** Content that arrives in the given chunks, each a string (UTF-8) or bytes. */
export async function* chunksOf(...chunks: readonly (string | Uint8Array)[]): ByteStream {
  for (const chunk of chunks) yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk
}

/** Every byte of a stream, in one array. */
export async function bytesOf(stream: ByteStream): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/**
 * The size and SHA-256 of bytes: what tests compare instead of the bytes, so that a mismatch
 * reads as two short lines rather than a diff of megabytes.
 */
export function digestOf(bytes: Uint8Array): StoredBlob {
  return { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') }
}

/** The size and SHA-256 of everything a stream yields. */
export async function streamDigestOf(stream: ByteStream): Promise<StoredBlob> {
  return digestOf(await bytesOf(stream))
}

export async function textOf(stream: ByteStream): Promise<string> {
  return new TextDecoder().decode(await bytesOf(stream))
}

/** Every value of an async iterable, sorted, for comparing sets of keys. */
export async function sortedOf(items: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = []
  for await (const item of items) all.push(item)
  return all.sort()
}

/** `size` bytes that run through every byte value, so that no encoding step can pass unnoticed. */
export function binaryContent(size: number, seed = 0): Uint8Array {
  return Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) % 256)
}

/** Splits bytes into chunks of uneven sizes, as a network delivers them. */
export function unevenChunks(bytes: Uint8Array, sizes: readonly number[]): Uint8Array[] {
  const chunks: Uint8Array[] = []
  let offset = 0
  for (let i = 0; offset < bytes.length; i += 1) {
    const size = sizes[i % sizes.length] ?? bytes.length
    chunks.push(bytes.subarray(offset, offset + size))
    offset += size
  }
  return chunks
}

/** A gate a test opens by hand, to hold a stream midway. */
export function gate(): { readonly opened: Promise<void>; open(): void } {
  let open = (): void => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}
