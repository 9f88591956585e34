import { describe, expect, it } from 'vitest'
import { IMPORT_ONLY_MIRROR, mirrorPatternOf, mirrorServes } from './mirror-policy.ts'

const time = { hostname: 'registry.terraform.io', namespace: 'hashicorp', type: 'time' }

describe('the provider mirror policy', () => {
  it('serves a provider matching an allow pattern and no deny pattern', () => {
    const policy = { ...IMPORT_ONLY_MIRROR, allow: ['registry.terraform.io/hashicorp/*'], deny: ['*/hashicorp/aws'] }
    expect(mirrorServes(policy, time)).toBe(true)
    expect(mirrorServes(policy, { ...time, hostname: 'REGISTRY.terraform.io' })).toBe(true)
    expect(mirrorServes(policy, { ...time, type: 'aws' })).toBe(false)
    expect(mirrorServes(policy, { ...time, namespace: 'acme' })).toBe(false)
    expect(mirrorServes(policy, { ...time, hostname: 'registry-terraform.io' })).toBe(false)
  })

  it('lets * stand for part of a segment, never for a slash', () => {
    expect(mirrorPatternOf('registry.*.io/*/t*', 'allow').test('registry.opentofu.io/acme/time')).toBe(true)
    expect(mirrorPatternOf('*/*/*', 'allow').test('a/b/c/d')).toBe(false)
  })

  it('refuses a pattern that is not three segments, naming its setting', () => {
    expect(() => mirrorPatternOf('hashicorp/*', 'deny')).toThrow(
      expect.objectContaining({ code: 'invalid', fields: [expect.objectContaining({ field: 'deny' })] }),
    )
    expect(() => mirrorPatternOf('a//b', 'allow')).toThrow(expect.objectContaining({ code: 'invalid' }))
  })
})
