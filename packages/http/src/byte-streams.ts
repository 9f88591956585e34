import type { ByteStream } from '@cairn/core'

/** A request body as the core's byte stream; releases the body if the reader stops early. */
export async function* bytesOf(body: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (body === null) return
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    await reader.cancel().catch(() => undefined)
    reader.releaseLock()
  }
}

/** The core's byte stream as a web stream that pulls only as fast as the client reads. */
export function streamOf(content: ByteStream): ReadableStream<Uint8Array> {
  const iterator = content[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next: IteratorResult<Uint8Array, unknown> = await iterator.next()
      if (next.done === true) controller.close()
      else controller.enqueue(next.value)
    },
    async cancel() {
      await iterator.return?.()
    },
  })
}
