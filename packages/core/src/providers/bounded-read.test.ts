import { describe, expect, it } from 'vitest'
import { readBounded } from './bounded-read.ts'

async function* chunks(...sizes: number[]): AsyncGenerator<Uint8Array> {
  for (const [index, size] of sizes.entries()) yield new Uint8Array(size).fill(index + 1)
}

describe('readBounded', () => {
  it('joins the chunks of a body up to the limit', async () => {
    expect([...(await readBounded(chunks(2, 3), 5, 'shasums'))]).toEqual([1, 1, 2, 2, 2])
    expect(await readBounded(chunks(), 5, 'shasums')).toHaveLength(0)
  })

  it('refuses a body past the limit on its field, without reading the rest', async () => {
    let pulled = 0
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) {
        pulled += 1
        yield new Uint8Array(4)
      }
    }
    await expect(readBounded(endless(), 10, 'shasums-sig')).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'shasums-sig' }] })
    expect(pulled).toBe(3)
  })
})
