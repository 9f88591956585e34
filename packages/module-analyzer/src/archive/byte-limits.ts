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

type Stage = (source: AsyncIterable<Uint8Array>) => AsyncGenerator<Uint8Array>

/**
 * Passes the compressed archive through, refusing it when it does not start like gzip, is empty,
 * or grows past `maxArchiveBytes`.
 */
export function compressedLimit(limits: ArchiveLimits, meter: ByteMeter): Stage {
  return async function* (source) {
    const head: number[] = []
    for await (const chunk of source) {
      // The magic may arrive split over chunks, so it is collected byte by byte.
      for (let i = 0; head.length < GZIP_MAGIC.length && i < chunk.length; i++) head.push(chunk[i] ?? 0)
      if (head.some((byte, i) => byte !== GZIP_MAGIC[i])) {
        throw refusal('is not gzip-compressed; upload a .tar.gz file')
      }
      meter.compressed += chunk.length
      if (meter.compressed > limits.maxArchiveBytes) {
        throw refusal(`is larger than ${formatBytes(limits.maxArchiveBytes)} compressed`)
      }
      yield chunk
    }
    if (meter.compressed === 0) throw refusal('is empty')
  }
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
        throw refusal(
          `expands more than ${limits.maxCompressionRatio} times its compressed size, like a decompression bomb`,
        )
      }
      yield chunk
    }
  }
}
