import { describe, expect, it } from 'vitest'
import { plural } from './plural.ts'

describe('plural', () => {
  it('says one thing in the singular, and none or many in the plural', () => {
    expect(plural(1, 'output')).toBe('1 output')
    expect(plural(0, 'output')).toBe('0 outputs')
    expect(plural(3, 'input')).toBe('3 inputs')
  })
})
