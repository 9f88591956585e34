import { describe, expect, it } from 'vitest'
import { translateError } from './translate-error.ts'

function databaseError(code: string): Error {
  return Object.assign(new Error('from the driver'), { code })
}

describe('translateError', () => {
  it.each(['22001', '22003', '22021', '22P05'])('turns SQLSTATE %s, a value the domain should have refused, into invalid', (code) => {
    expect(translateError(databaseError(code))).toMatchObject({ code: 'invalid' })
  })

  it('leaves errors it does not know as they are, to be answered as bugs', () => {
    const unknown = databaseError('XX000')
    expect(translateError(unknown)).toBe(unknown)
  })
})
