import type { BlobStore } from '@cairn/core'
import { afterEach, beforeEach } from 'vitest'

/** A blob store under test, empty when opened. */
export interface BlobStoreUnderTest {
  readonly store: BlobStore
  /** Releases what `open` took (a temporary folder, a bucket prefix). */
  dispose(): Promise<void>
}

export type BlobStoreHarness = () => Promise<BlobStoreUnderTest>

/**
 * Opens a fresh store for every test: blob stores are cheap to open empty, and a store shared
 * between tests would let one test's leftovers hide another's bug in `list`.
 */
export function useBlobStore(open: BlobStoreHarness): () => BlobStore {
  let opened: BlobStoreUnderTest | undefined
  beforeEach(async () => {
    opened = await open()
  }, 30_000)
  afterEach(async () => {
    await opened?.dispose()
    opened = undefined
  })
  return () => {
    if (opened === undefined) throw new Error('the blob store did not open')
    return opened.store
  }
}
