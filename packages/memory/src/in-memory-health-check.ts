import { CairnError, type HealthCheck } from '@cairn/core'

/** The memory store's health check: in-process state is always reachable, unless a test says otherwise. */
export class InMemoryHealthCheck implements HealthCheck {
  healthy = true

  async check(): Promise<void> {
    if (!this.healthy) throw new CairnError('unavailable', 'the store is not reachable')
  }
}
