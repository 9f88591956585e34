import { describe, expect, it } from 'vitest'
import { TURN_BATCH_LIMIT, TurnBatch } from './turn-batch.ts'

/** A batch over a lookup that doubles its keys, finds nothing for negative ones and notes each call. */
function doubling() {
  const calls: (readonly number[])[] = []
  const batch = new TurnBatch<number, number>(async (keys) => {
    calls.push(keys)
    return keys.map((key) => (key < 0 ? undefined : key * 2))
  })
  return { batch, calls }
}

describe('TurnBatch', () => {
  it("answers the lookups of one turn with one call, each its own key's answer", async () => {
    const { batch, calls } = doubling()
    await expect(Promise.all([batch.get(1), batch.get(-1), batch.get(3)])).resolves.toEqual([2, undefined, 6])
    expect(calls).toEqual([[1, -1, 3]])
  })

  it('answers a later turn with a call of its own', async () => {
    const { batch, calls } = doubling()
    await batch.get(1)
    await batch.get(2)
    expect(calls).toEqual([[1], [2]])
  })

  it(`sends ${TURN_BATCH_LIMIT} keys at most in one call`, async () => {
    const { batch, calls } = doubling()
    const keys = Array.from({ length: TURN_BATCH_LIMIT + 1 }, (_, key) => key)
    await expect(Promise.all(keys.map((key) => batch.get(key)))).resolves.toEqual(keys.map((key) => key * 2))
    expect(calls.map((call) => call.length)).toEqual([TURN_BATCH_LIMIT, 1])
  })

  it("fails every lookup of a call that failed, and not the next turn's", async () => {
    let fail = true
    const batch = new TurnBatch<number, number>(async (keys) => {
      if (fail) throw new Error('the database is gone')
      return keys
    })
    const failed = await Promise.allSettled([batch.get(1), batch.get(2)])
    expect(failed).toMatchObject([
      { status: 'rejected', reason: { message: 'the database is gone' } },
      { status: 'rejected', reason: { message: 'the database is gone' } },
    ])
    fail = false
    await expect(batch.get(3)).resolves.toBe(3)
  })
})
