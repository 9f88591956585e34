import type { JobQueue } from '@cairn/core'
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
