import type { Clock } from '@cairn/core'

export class SystemClock implements Clock {
  now(): Date {
    return new Date()
  }
}
