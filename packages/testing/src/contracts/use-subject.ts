import { afterEach, beforeEach } from 'vitest'

/** What a contract opens for a test, and releases after it. */
export interface Disposable {
  dispose(): Promise<void>
}

/**
 * Opens a fresh subject before each test of the calling suite, and disposes of it after, so that
 * no test sees another's leftovers. Call it in the suite's `describe`; the answer is the subject
 * of the test running.
 */
export function useSubject<T extends Disposable>(open: () => Promise<T>): () => T {
  let opened: T | undefined
  beforeEach(async () => {
    opened = await open()
  })
  afterEach(async () => {
    await opened?.dispose()
    opened = undefined
  })
  return () => {
    if (opened === undefined) throw new Error('a contract’s subject is open only while a test runs')
    return opened
  }
}
