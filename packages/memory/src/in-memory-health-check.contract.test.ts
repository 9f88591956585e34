import { healthCheckContract } from '@cairn/testing/contracts'
import { InMemoryHealthCheck } from './in-memory-health-check.ts'

healthCheckContract('in-memory', async () => {
  const health = new InMemoryHealthCheck()
  return {
    health,
    async stopAnswering() {
      health.healthy = false
    },
    async dispose() {},
  }
})
