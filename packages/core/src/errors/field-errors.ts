import { CairnError, type FieldError } from './cairn-error.ts'

/** Collects field errors so that a request learns everything wrong with it at once. */
export class FieldErrors {
  readonly #errors: FieldError[] = []

  add(field: string, message: string): void {
    this.#errors.push({ field, message })
  }

  /** Runs `check`, recording its `invalid` field errors instead of throwing them. */
  collect<T>(check: () => T): T | undefined {
    try {
      return check()
    } catch (error) {
      if (error instanceof CairnError && error.code === 'invalid') {
        this.#errors.push(...error.fields)
        return undefined
      }
      throw error
    }
  }

  throwIfAny(): void {
    if (this.#errors.length > 0) throw CairnError.invalid(this.#errors)
  }
}
