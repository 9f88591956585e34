import { randomInt, randomUUID } from 'node:crypto'
import type { IdGenerator, IdPrefix } from '@cairn/core'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Ids in the real API's form, `<prefix>-` and 16 random alphanumerics (about 95 bits). */
export class RandomIds implements IdGenerator {
  next(prefix: IdPrefix): string {
    let suffix = ''
    for (let i = 0; i < 16; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)]
    return `${prefix}-${suffix}`
  }

  uuid(): string {
    return randomUUID()
  }
}
