import type { Clock } from '@cairn/core'
import { describe, expect, it } from 'vitest'

/**
 * What every `Clock` promises the use cases, which stamp what they record with its time: a valid
 * instant, which the caller may change without changing the clock's.
 */
export function clockContract(name: string, open: () => Clock): void {
  describe(`Clock contract: ${name}`, () => {
    it('tells a valid instant', () => {
      expect(Number.isNaN(open().now().getTime())).toBe(false)
    })

    it('keeps its time when the caller changes the instant it was told', () => {
      const clock = open()
      const told = clock.now()
      const before = told.getTime()
      told.setTime(0)
      expect(clock.now().getTime()).toBeGreaterThanOrEqual(before)
    })
  })
}
