import { jobQueueContract } from '@cairn/testing/contracts'
import { InMemoryJobQueue } from './in-memory-job-queue.ts'

jobQueueContract('in-memory', async () => {
  const queue = new InMemoryJobQueue()
  return { queue, dispose: () => queue.stop() }
})
