import { describe, expect, it } from 'vitest'
import { lineBeyondDepth } from './nesting-depth.ts'

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('lineBeyondDepth', () => {
  it('accepts nesting up to the limit and names the line where it is crossed', () => {
    expect(lineBeyondDepth(`x = ${nested(4)}\n`, 4)).toBeNull()
    expect(lineBeyondDepth(`a = 1\nx = ${nested(5)}\n`, 4)).toBe(2)
  })

  it('counts every kind of bracket, strings and template interpolations', () => {
    expect(lineBeyondDepth('x = { a = [f(1)] }', 3)).toBeNull()
    expect(lineBeyondDepth('x = { a = [f("${g(1)}")] }', 5)).toBe(1)
    expect(lineBeyondDepth('x = "${"${"${1}"}"}"', 5)).toBe(1)
  })

  it('ignores brackets in strings, comments and heredocs', () => {
    const source = [
      'x = "[[[[[[[[ \\" ((((("',
      '# {{{{{{{{{{',
      '// [[[[[[[[[',
      '/* ((((((((((',
      '   ]]]]]]]]]] */',
      'y = <<-EOT',
      '  {{{{{{{{{{ $${ not an interpolation',
      '  EOT',
      'z = [1]',
    ].join('\n')
    expect(lineBeyondDepth(source, 2)).toBeNull()
  })

  it('counts interpolations inside heredocs', () => {
    expect(lineBeyondDepth(`y = <<EOT\n\${${nested(10)}}\nEOT\n`, 8)).toBe(2)
  })

  it('reads JSON', () => {
    expect(lineBeyondDepth('{"a": {"b": ["[[[[[["]}}', 4)).toBeNull()
    expect(lineBeyondDepth(`{"default": ${nested(10)}}`, 8)).toBe(1)
  })
})
