import { jobQueueContract } from '../contracts/index.ts'
import { InMemoryJobQueue } from './in-memory-job-queue.ts'

jobQueueContract('in-memory', async () => {
  const queue = new InMemoryJobQueue()
  return { queue, dispose: () => queue.stop() }
})
