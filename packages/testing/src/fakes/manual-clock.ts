import type { Clock } from '@cairn/core'

/** A clock that stands still until told to move, so tests can order events exactly. */
export class ManualClock implements Clock {
  #now: Date

  constructor(start = new Date('2026-01-02T03:04:05.678Z')) {
    this.#now = start
  }

  now(): Date {
    return new Date(this.#now)
  }

  advance(milliseconds: number): void {
    this.#now = new Date(this.#now.getTime() + milliseconds)
  }
}
