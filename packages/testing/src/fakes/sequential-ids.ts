import type { IdGenerator, IdPrefix } from '@cairn/core'

/** Predictable ids (`tool-0000000000000001`, …) and UUIDs (`00000000-0000-4000-8000-000000000002`) in the real format. */
export class SequentialIds implements IdGenerator {
  #last = 0

  next(prefix: IdPrefix): string {
    this.#last += 1
    return `${prefix}-${String(this.#last).padStart(16, '0')}`
  }

  uuid(): string {
    this.#last += 1
    return `00000000-0000-4000-8000-${String(this.#last).padStart(12, '0')}`
  }
}
