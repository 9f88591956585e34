import { describe, expect, it } from 'vitest'
import { assertProviderCurationAllowed, newProviderAddress } from './provider-address.ts'

describe('newProviderAddress', () => {
  it("a private provider's namespace is its organization's name, given or not", () => {
    const address = { organizationName: 'acme', name: 'internal', registryName: 'private' } as const
    expect(newProviderAddress(address)).toEqual({ registryName: 'private', namespace: 'acme', name: 'internal' })
    expect(newProviderAddress({ ...address, namespace: 'acme' })).toEqual({ registryName: 'private', namespace: 'acme', name: 'internal' })
    expect(() => newProviderAddress({ ...address, namespace: 'other' })).toThrow(
      expect.objectContaining({ fields: [expect.objectContaining({ field: 'namespace' })] }),
    )
  })

  it('a public record keeps its namespace, which must be one', () => {
    const address = { organizationName: 'acme', name: 'aws', registryName: 'public' } as const
    expect(newProviderAddress({ ...address, namespace: 'hashicorp' })).toEqual({
      registryName: 'public',
      namespace: 'hashicorp',
      name: 'aws',
    })
    expect(() => newProviderAddress(address)).toThrow(expect.objectContaining({ code: 'invalid' }))
  })
})

describe('assertProviderCurationAllowed', () => {
  it('public records only in the hosted edition; private ones everywhere', () => {
    expect(() => assertProviderCurationAllowed('self-hosted', 'public')).toThrow(expect.objectContaining({ code: 'forbidden' }))
    expect(() => assertProviderCurationAllowed('hosted', 'public')).not.toThrow()
    expect(() => assertProviderCurationAllowed('self-hosted', 'private')).not.toThrow()
  })
})
