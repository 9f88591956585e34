import { describe, expect, it } from 'vitest'
import { TOOL_VERSION_DEFAULTS, type ToolVersionFields } from './tool-version.ts'
import { validateToolVersionFields } from './tool-version-rules.ts'

const valid: ToolVersionFields = {
  ...TOOL_VERSION_DEFAULTS,
  version: '1.9.0',
  url: 'https://releases.example.com/tofu_1.9.0_linux_amd64.zip',
  sha: 'A'.repeat(64),
}

function fieldsOf(fields: Partial<ToolVersionFields>): string[] {
  try {
    validateToolVersionFields({ ...valid, ...fields })
    return []
  } catch (error) {
    return (error as { fields: { field: string }[] }).fields.map((f) => f.field)
  }
}

describe('tool version rules (spec §2.5)', () => {
  it.each(['0.0.1', '1.9.0', '10.20.30', '1.5.0-custom', '1.5.0-bundle.2', '1.5.0-my_build-3'])('accepts version %s', (version) => {
    expect(fieldsOf({ version })).toEqual([])
  })

  it.each(['1.9', '1.9.0.1', 'v1.9.0', '01.9.0', '1.9.0-', '1.9.0+meta', ' 1.9.0', '1.9.0-bad name', ''])(
    'refuses version %j',
    (version) => {
      expect(fieldsOf({ version })).toEqual(['version'])
    },
  )

  it.each(['', 'not a url', 'ftp://x.test/a.zip', '/relative.zip', 'https://'])('refuses url %j', (url) => {
    expect(fieldsOf({ url })).toEqual(['url'])
  })

  it.each(['', 'a'.repeat(63), 'a'.repeat(65), 'g'.repeat(64)])('refuses sha %j', (sha) => {
    expect(fieldsOf({ sha })).toEqual(['sha'])
  })

  it('stores the sha in lower case', () => {
    expect(validateToolVersionFields(valid).sha).toBe('a'.repeat(64))
  })

  it('refuses a deprecated-reason unless deprecated', () => {
    expect(fieldsOf({ deprecatedReason: 'old' })).toEqual(['deprecatedReason'])
    expect(fieldsOf({ deprecated: true, deprecatedReason: 'old' })).toEqual([])
    expect(fieldsOf({ deprecated: true, deprecatedReason: null })).toEqual([])
  })

  it('names every bad field at once', () => {
    expect(fieldsOf({ version: 'x', url: 'y', sha: 'z' })).toEqual(['version', 'url', 'sha'])
  })
})
