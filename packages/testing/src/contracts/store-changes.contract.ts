import type { StoreChanges } from '@cairn/core'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it, vi } from 'vitest'
import { useSubject } from './use-subject.ts'

/** The feeds of two processes sharing one store, fresh for each test. */
export interface StoreChangesUnderTest {
  readonly here: StoreChanges
  /** Another process's feed over the same store: the same feed, for an adapter whose processes share one. */
  readonly elsewhere: StoreChanges
  /** How late the adapter may tell of a change, at most. */
  readonly boundMs: number
  /** How long after subscribing the calls of a subscription's start may still come. */
  readonly startMs: number
  dispose(): Promise<void>
}

export type StoreChangesHarness = () => Promise<StoreChangesUnderTest>

/**
 * What every `StoreChanges` promises `StoreWrites`: each subscriber hears, within the bound,
 * of every announcement another process sharing the store makes, and announcing never fails.
 * Calls beyond those (a start, an unreadable feed, this process's own writes) are allowed, so a
 * test listens only once the calls of a subscription's start are over.
 */
export function storeChangesContract(name: string, open: StoreChangesHarness): void {
  describe(`StoreChanges contract: ${name}`, { timeout: 30_000 }, () => {
    const feeds = useSubject(open)

    /** Listeners on `here`, quiet once the calls of their start are over. */
    async function subscribed(count: number) {
      const listeners = Array.from({ length: count }, () => vi.fn<() => void>())
      for (const listener of listeners) feeds().here.subscribe(listener)
      await sleep(feeds().startMs)
      for (const listener of listeners) listener.mockClear()
      return listeners
    }

    const heard = (listeners: readonly (() => void)[]) =>
      vi.waitFor(
        () => {
          for (const listener of listeners) expect(listener).toHaveBeenCalled()
        },
        { timeout: feeds().boundMs + 1_000, interval: 20 },
      )

    it('has every subscriber hear of each announcement another process makes, within the bound', async () => {
      const listeners = await subscribed(2)
      await feeds().elsewhere.announce()
      await heard(listeners)
      for (const listener of listeners) listener.mockClear()
      await feeds().elsewhere.announce()
      await heard(listeners)
    })

    it('takes announcements, many at once, without failing', async () => {
      await expect(Promise.all(Array.from({ length: 20 }, () => feeds().elsewhere.announce()))).resolves.toHaveLength(20)
      await expect(feeds().here.announce()).resolves.toBeUndefined()
    })
  })
}
