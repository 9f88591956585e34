import type { JobQueue } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { jobQueueContract } from '@cairn/testing/contracts'
import { STORES } from '../test-support/stores.ts'

function failLoudly(error: Error): void {
  throw error
}

for (const [name, open] of STORES) {
  jobQueueContract(`pg-boss over ${name}`, async () => {
    const opened = await open()
    const started: JobQueue[] = []
    const another = async () => {
      const queue = await opened.store.openJobQueue(failLoudly)
      started.push(queue)
      return queue
    }
    const queue = await another()
    return {
      queue,
      another,
      async dispose() {
        await Promise.all(started.map((each) => each.stop()))
        await opened.dispose()
      },
    }
  })
}

describe.each(STORES)('PgBossJobQueue over %s', (_name, open) => {
  it('starts a job queued in a process that works its kind at once, not after its polling interval', { timeout: 30_000 }, async () => {
    const opened = await open()
    const queue = await opened.store.openJobQueue(failLoudly)
    try {
      await queue.define({ name: 'wake', retryLimit: 0, retryDelaySeconds: 0, timeoutSeconds: 30 })
      let started: () => void = () => undefined
      await queue.work('wake', async () => started())
      const latencies: number[] = []
      for (let job = 0; job < 5; job += 1) {
        // Long enough for both workers to be waiting out their polling interval.
        await new Promise((resolve) => setTimeout(resolve, 600))
        const begun = new Promise<void>((resolve) => (started = resolve))
        const queuedAt = performance.now()
        await queue.enqueue('wake', {}, `job-${job}`)
        await begun
        latencies.push(performance.now() - queuedAt)
      }
      // Polling alone starts a job 0 to 500 ms after it is queued: five all under 200 ms by chance is 1%.
      expect(Math.max(...latencies)).toBeLessThan(200)
    } finally {
      await queue.stop()
      await opened.dispose()
    }
  })
})
