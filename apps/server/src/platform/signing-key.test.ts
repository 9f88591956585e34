import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { signingKey } from './signing-key.ts'

describe('signingKey', () => {
  const fresh = () => mkdtempSync(join(tmpdir(), 'cairn-key-'))

  it('generates a key of at least 32 bytes once, readable by its owner only, and reuses it', () => {
    const dir = fresh()
    const key = signingKey(undefined, dir)
    expect(Buffer.byteLength(key)).toBeGreaterThanOrEqual(32)
    expect(statSync(join(dir, 'signing-key')).mode & 0o777).toBe(0o600)
    expect(readFileSync(join(dir, 'signing-key'), 'utf8')).toBe(key)
    expect(readdirSync(dir)).toEqual(['signing-key'])
    expect(signingKey(undefined, dir)).toBe(key)
  })

  it('creates a missing data directory readable by its owner only', () => {
    const dir = join(fresh(), 'data')
    signingKey(undefined, dir)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
  })

  it.each([
    ['an empty', ''],
    ['a blank', '  \n'],
    ['a truncated', 'k'.repeat(31)],
  ])('refuses %s key file, naming the file', (_name, content) => {
    const dir = fresh()
    writeFileSync(join(dir, 'signing-key'), content)
    expect(() => signingKey(undefined, dir)).toThrow(join(dir, 'signing-key'))
    expect(() => signingKey(undefined, dir)).toThrow(/shorter than 32 bytes/)
  })

  it('a configured key wins over the file', () => {
    expect(signingKey('c'.repeat(40), fresh())).toBe('c'.repeat(40))
  })
})
