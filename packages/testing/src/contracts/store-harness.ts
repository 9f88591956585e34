import type { UnitOfWork } from '@cairn/core'
import { afterAll, beforeAll, beforeEach } from 'vitest'

/** A store under test: opened once per suite, emptied before each test. */
export interface StoreUnderTest {
  readonly unitOfWork: UnitOfWork
  /** Removes every stored row, leaving the schema. */
  reset(): Promise<void>
  dispose(): Promise<void>
}

export type StoreHarness = () => Promise<StoreUnderTest>

/** Opens the store for the enclosing suite and returns a getter for it. */
export function useStore(open: StoreHarness): () => UnitOfWork {
  let store: StoreUnderTest | undefined
  beforeAll(async () => {
    store = await open()
  }, 60_000)
  beforeEach(async () => {
    await store?.reset()
  })
  afterAll(async () => {
    await store?.dispose()
  })
  return () => {
    if (store === undefined) throw new Error('the store did not open')
    return store.unitOfWork
  }
}
