import { CairnError, type HealthCheck } from '@cairn/core'

/** A health check whose answer a test sets. */
export class InMemoryHealthCheck implements HealthCheck {
  healthy = true

  async check(): Promise<void> {
    if (!this.healthy) throw new CairnError('unavailable', 'the store is not reachable')
  }
}
