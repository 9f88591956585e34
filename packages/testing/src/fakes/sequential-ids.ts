import type { IdGenerator, IdPrefix } from '@cairn/core'

/** Predictable ids (`tool-0000000000000001`, …) in the real format. */
export class SequentialIds implements IdGenerator {
  #last = 0

  next(prefix: IdPrefix): string {
    this.#last += 1
    return `${prefix}-${String(this.#last).padStart(16, '0')}`
  }
}
