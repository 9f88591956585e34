import { describe, expect, it } from 'vitest'
import { CairnError } from './cairn-error.ts'

describe('CairnError', () => {
  it('keeps a message of up to 500 characters as it is', () => {
    const message = 'x'.repeat(500)
    expect(new CairnError('invalid', message).message).toBe(message)
  })

  it('bounds a message quoting a huge value to its start and end around an ellipsis, keeping the reason', () => {
    const error = CairnError.invalidField('toolVersion', `${'1'.repeat(900_000)} is not an enabled tool version`)
    expect(error.message.length).toBe(500)
    expect(error.message).toMatch(/^toolVersion 1+…1+ is not an enabled tool version$/)
    expect(error.fields[0]?.message).toMatch(/^1+…1+ is not an enabled tool version$/)
    expect(error.fields[0]?.message.length).toBe(500)
  })

  it('never cuts a surrogate pair in two', () => {
    for (let shift = 0; shift < 4; shift += 1) {
      const { message } = new CairnError('invalid', `${'x'.repeat(shift)}${'😀'.repeat(1_000)}`)
      expect(message.length).toBeLessThanOrEqual(500)
      expect(message).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/)
    }
  })
})
