import { describe, expect, it } from 'vitest'
import { parseBearerToken, formatBearerToken } from '@cairn/core'
import { Sha256TokenHasher } from './sha256-token-hasher.ts'
import { RandomIds } from './random-ids.ts'

describe('Sha256TokenHasher', () => {
  const hasher = new Sha256TokenHasher()

  it('makes distinct, URL-safe secrets of 256 bits', () => {
    const secrets = new Set(Array.from({ length: 100 }, () => hasher.newSecret()))
    expect(secrets.size).toBe(100)
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('matches a secret against its hash only', () => {
    const secret = hasher.newSecret()
    const hash = hasher.hash(secret)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).not.toContain(secret)
    expect(hasher.matches(secret, hash)).toBe(true)
    expect(hasher.matches(`${secret}x`, hash)).toBe(false)
    expect(hasher.matches(secret, 'abc')).toBe(false)
  })

  it('secrets survive the bearer format', () => {
    const secret = hasher.newSecret()
    const id = new RandomIds().next('at')
    expect(parseBearerToken(formatBearerToken(id, secret))).toEqual({ tokenId: id, secret })
  })
})

describe('RandomIds', () => {
  it('makes ids in the real format', () => {
    expect(new RandomIds().next('tool')).toMatch(/^tool-[A-Za-z0-9]{16}$/)
  })
})
