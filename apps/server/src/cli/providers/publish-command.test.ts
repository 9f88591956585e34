import { describe, expect, it } from 'vitest'
import { tokenFor } from './publish-command.ts'

describe('tokenFor', () => {
  it('prefers CAIRN_TOKEN', () => {
    expect(tokenFor('registry.example.com', { CAIRN_TOKEN: 'a', TF_TOKEN_registry_example_com: 'b' })).toBe('a')
  })

  it('falls back to terraform’s TF_TOKEN_<host>, dots as _ and dashes as __', () => {
    expect(tokenFor('my-registry.example.com', { TF_TOKEN_my__registry_example_com: 'b' })).toBe('b')
  })

  it('names both variables when neither is set', () => {
    expect(() => tokenFor('localhost', {})).toThrow('no token: set CAIRN_TOKEN (or TF_TOKEN_localhost)')
  })
})
