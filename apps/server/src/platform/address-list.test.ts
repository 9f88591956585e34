import { describe, expect, it } from 'vitest'
import { addressList } from './address-list.ts'

describe('addressList', () => {
  it('matches addresses and CIDR ranges of either family', () => {
    const matches = addressList(['127.0.0.1', '10.0.0.0/8', '2001:db8::/32', '::1'])
    for (const address of ['127.0.0.1', '10.200.3.4', '2001:db8::5', '::1']) expect(matches(address), address).toBe(true)
    for (const address of ['127.0.0.2', '11.0.0.1', '2001:db9::1', 'not-an-address', '']) expect(matches(address), address).toBe(false)
  })

  it('matches nothing when empty, and refuses what is not an address or a range', () => {
    expect(addressList([])('127.0.0.1')).toBe(false)
    for (const entry of ['example.com', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x'])
      expect(() => addressList([entry]), entry).toThrow()
  })
})
