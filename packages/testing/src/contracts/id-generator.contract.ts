import type { IdGenerator, IdPrefix } from '@cairn/core'
import { describe, expect, it } from 'vitest'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/**
 * What every `IdGenerator` promises: resource ids in the real API's form (`<prefix>-` and 16
 * alphanumerics), never one twice, and lower-case version-4 UUIDs, never one twice.
 */
export function idGeneratorContract(name: string, open: () => IdGenerator): void {
  describe(`IdGenerator contract: ${name}`, () => {
    it('makes ids in the real API’s form, never one twice', () => {
      const ids = open()
      const prefixes: IdPrefix[] = ['user', 'modver', 'at', 'user']
      const made = prefixes.flatMap((prefix) => Array.from({ length: 250 }, () => [prefix, ids.next(prefix)] as const))
      for (const [prefix, id] of made) expect(id).toMatch(new RegExp(`^${prefix}-[A-Za-z0-9]{16}$`))
      expect(new Set(made.map(([, id]) => id)).size).toBe(made.length)
    })

    it('makes lower-case version-4 UUIDs, never one twice', () => {
      const ids = open()
      const made = Array.from({ length: 1000 }, () => ids.uuid())
      for (const uuid of made) expect(uuid).toMatch(UUID_V4)
      expect(new Set(made).size).toBe(made.length)
    })
  })
}
