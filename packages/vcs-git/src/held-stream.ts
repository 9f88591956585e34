import type { ByteStream } from '@cairn/core'

/**
 * `stream`, and a promise that settles once it no longer needs what it reads from: when it has
 * ended, failed or been stopped — or when no one has started reading it `unreadMs` after this
 * call (a stream that is dropped unread says nothing). Never rejects.
 */
export function heldWhileRead(stream: ByteStream, unreadMs: number): { readonly stream: ByteStream; readonly done: Promise<void> } {
  let release = () => {}
  const done = new Promise<void>((resolve) => (release = resolve))
  const unread = setTimeout(release, unreadMs)
  unread.unref()
  async function* reading(): ByteStream {
    clearTimeout(unread)
    try {
      yield* stream
    } finally {
      release()
    }
  }
  return { stream: reading(), done }
}
