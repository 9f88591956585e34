import type { ArchiveLimits } from '../analyzer-options.ts'
import { formatBytes, refusal } from './refusal.ts'

/** Bytes seen so far on each side of the decompressor, shared by the two stages below. */
export interface ByteMeter {
  compressed: number
  expanded: number
}

// Below this much output the ratio says nothing: the padding of a tar of small files is zeros.
const RATIO_GRACE_BYTES = 1024 * 1024
const GZIP_MAGIC = [0x1f, 0x8b] as const
// A tar header says `ustar` at byte 257 (POSIX and GNU alike): the likeliest archive that is not gzip.
const TAR_MAGIC_OFFSET = 257
const TAR_MAGIC = [...'ustar'].map((letter) => letter.charCodeAt(0))
const SNIFFED_BYTES = TAR_MAGIC_OFFSET + TAR_MAGIC.length

type Stage = (source: AsyncIterable<Uint8Array>) => AsyncGenerator<Uint8Array>

/**
 * Passes the compressed archive through, refusing it when it does not start like gzip (saying so
 * apart when it is a tar left uncompressed), is empty, or grows past `maxArchiveBytes`.
 */
export function compressedLimit(limits: ArchiveLimits, meter: ByteMeter): Stage {
  return async function* (source) {
    // The magic numbers may arrive split over chunks, so the head is collected byte by byte.
    const head: number[] = []
    for await (const chunk of source) {
      for (let i = 0; head.length < SNIFFED_BYTES && i < chunk.length; i++) head.push(chunk[i] ?? 0)
      if (!startsLikeGzip(head)) {
        // Refused in any case; read on only as far as a tar's magic, to say which refusal.
        if (head.length < SNIFFED_BYTES) continue
        throw notGzip(head)
      }
      meter.compressed += chunk.length
      if (meter.compressed > limits.maxArchiveBytes) {
        throw refusal(`is larger than ${formatBytes(limits.maxArchiveBytes)} compressed`)
      }
      yield chunk
    }
    if (!startsLikeGzip(head)) throw notGzip(head)
    if (meter.compressed === 0) throw refusal('is empty')
  }
}

function startsLikeGzip(head: readonly number[]): boolean {
  return head.every((byte, i) => i >= GZIP_MAGIC.length || byte === GZIP_MAGIC[i])
}

function notGzip(head: readonly number[]): Error {
  const tar = TAR_MAGIC.every((byte, i) => head[TAR_MAGIC_OFFSET + i] === byte)
  return refusal(
    tar ? 'is an uncompressed tar; gzip it (tar -czf) and upload the .tar.gz' : 'is not gzip-compressed; upload a .tar.gz file',
  )
}

/**
 * Passes the decompressed tar stream through, refusing it as soon as it grows past
 * `maxTotalBytes` or past `maxCompressionRatio` times what has been read of the archive: a
 * decompression bomb is stopped after a few chunks, not after it has been expanded.
 */
export function expandedLimit(limits: ArchiveLimits, meter: ByteMeter): Stage {
  return async function* (source) {
    for await (const chunk of source) {
      meter.expanded += chunk.length
      if (meter.expanded > limits.maxTotalBytes) {
        throw refusal(`expands to more than ${formatBytes(limits.maxTotalBytes)}`)
      }
      if (meter.expanded > RATIO_GRACE_BYTES && meter.expanded > meter.compressed * limits.maxCompressionRatio) {
        throw refusal(`expands more than ${limits.maxCompressionRatio} times its compressed size, like a decompression bomb`)
      }
      yield chunk
    }
  }
}
