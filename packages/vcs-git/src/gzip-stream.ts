import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'

// Each write to the compressor is a round trip to the thread pool: tar headers and small files
// are gathered into writes of about this much.
const WRITE_BYTES = 64 * 1024

/**
 * `source` gzip-compressed, produced as it is read: `source` is pulled only while the compressor
 * has room (its buffers of 16 KiB each side, and one write of `WRITE_BYTES` or of one large
 * chunk), so a reader that stops stops it too. A failure of `source` fails the stream; so does
 * aborting `signal`, with `aborted()`, at once: a reader waiting for bytes is not kept waiting
 * for `source` to notice.
 */
export async function* gzipped(
  source: AsyncIterable<Uint8Array>,
  signal: AbortSignal | undefined,
  aborted: () => Error,
): AsyncGenerator<Uint8Array> {
  const gzip = createGzip()
  // Its failure is gzip's: the loop below sees it.
  pipeline(batched(source), gzip).catch(() => undefined)
  const abort = () => gzip.destroy(aborted())
  signal?.addEventListener('abort', abort, { once: true })
  try {
    for await (const chunk of gzip as AsyncIterable<Uint8Array>) yield chunk
  } finally {
    signal?.removeEventListener('abort', abort)
    gzip.destroy()
  }
}

/** `source` with its small chunks joined into chunks of about `WRITE_BYTES`; large ones pass as they are. */
async function* batched(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = []
  let bytes = 0
  const joined = () => {
    const chunk = Buffer.concat(pending, bytes)
    pending = []
    bytes = 0
    return chunk
  }
  for await (const chunk of source) {
    if (chunk.byteLength >= WRITE_BYTES) {
      if (bytes > 0) yield joined()
      yield chunk
      continue
    }
    pending.push(chunk)
    bytes += chunk.byteLength
    if (bytes >= WRITE_BYTES) yield joined()
  }
  if (bytes > 0) yield joined()
}
