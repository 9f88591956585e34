import { afterEach, expect, test, vi } from 'vitest'
import { isoTimeOncePerMillisecond } from './logger.ts'

afterEach(() => {
  vi.useRealTimers()
})

test('the time field is the ISO time of the current millisecond, as pino writes it', () => {
  vi.useFakeTimers({ now: Date.parse('2026-11-25T00:01:02.345Z') })
  const time = isoTimeOncePerMillisecond()
  expect(time()).toBe(',"time":"2026-11-25T00:01:02.345Z"')
  expect(time()).toBe(',"time":"2026-11-25T00:01:02.345Z"')
  vi.advanceTimersByTime(1)
  expect(time()).toBe(',"time":"2026-11-25T00:01:02.346Z"')
  vi.advanceTimersByTime(3_600_000)
  expect(time()).toBe(',"time":"2026-11-25T01:01:02.346Z"')
})
