import { aUser } from '@cairn/testing'
import { describe, expect, it } from 'vitest'

// One test per row of spec §3 for users: the transition, and its refusal outside its condition.
describe('User transitions', () => {
  it('suspend: a user who is not suspended becomes suspended', () => {
    expect(aUser().suspend().isSuspended).toBe(true)
  })

  it('suspend: refused with precondition when already suspended', () => {
    expect(() => aUser({ isSuspended: true }).suspend()).toThrow(expect.objectContaining({ code: 'precondition' }))
  })

  it('unsuspend: a suspended user is no longer suspended', () => {
    expect(aUser({ isSuspended: true }).unsuspend().isSuspended).toBe(false)
  })

  it('unsuspend: refused with precondition when not suspended', () => {
    expect(() => aUser().unsuspend()).toThrow(expect.objectContaining({ code: 'precondition' }))
  })

  it('grant_admin: a user who is not an administrator becomes one', () => {
    expect(aUser().grantAdmin().isSiteAdmin).toBe(true)
  })

  it('grant_admin: refused with precondition when already an administrator', () => {
    expect(() => aUser({ isSiteAdmin: true }).grantAdmin()).toThrow(expect.objectContaining({ code: 'precondition' }))
  })

  it('revoke_admin: an administrator stops being one', () => {
    expect(aUser({ isSiteAdmin: true }).revokeAdmin().isSiteAdmin).toBe(false)
  })

  it('revoke_admin: refused with precondition when not an administrator', () => {
    expect(() => aUser().revokeAdmin()).toThrow(expect.objectContaining({ code: 'precondition' }))
  })

  it('disable_two_factor: a user with two-factor enabled has it disabled', () => {
    expect(aUser({ twoFactorEnabled: true }).disableTwoFactor().twoFactorEnabled).toBe(false)
  })

  it('disable_two_factor: refused with precondition when two-factor is not enabled', () => {
    expect(() => aUser().disableTwoFactor()).toThrow(expect.objectContaining({ code: 'precondition' }))
  })

  it('leaves the original untouched', () => {
    const user = aUser()
    user.suspend()
    expect(user.isSuspended).toBe(false)
  })
})
