import type { HealthCheck } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { useSubject } from './use-subject.ts'

/** A store's health check, and the means to make the store stop answering. */
export interface HealthCheckUnderTest {
  readonly health: HealthCheck
  readonly stopAnswering: () => Promise<void>
  dispose(): Promise<void>
}

/** What every `HealthCheck` promises the readiness endpoint: it resolves while the store answers, and raises `unavailable` once it does not. */
export function healthCheckContract(name: string, open: () => Promise<HealthCheckUnderTest>): void {
  describe(`HealthCheck contract: ${name}`, () => {
    const store = useSubject(open)

    it('resolves while the store answers, again and again', async () => {
      await expect(store().health.check()).resolves.toBeUndefined()
      await expect(store().health.check()).resolves.toBeUndefined()
    })

    it('raises unavailable once the store does not answer', async () => {
      await store().stopAnswering()
      await expect(store().health.check()).rejects.toMatchObject({ code: 'unavailable' })
    })
  })
}
