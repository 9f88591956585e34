import { inMemoryDeps, type InMemoryDeps } from '@cairn/testing'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'

describe('InitialAdmin', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  const admin = { username: 'root', email: 'Root@Example.com', password: 'a long enough password' }

  beforeEach(() => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
  })

  it('issues a token only while there is no site administrator, storing only its hash', async () => {
    const token = await cases.initialAdmin.issueToken()
    expect(token).toEqual(expect.any(String))
    const stored = await deps.unitOfWork.run(({ initialAdminTokens }) => initialAdminTokens.list())
    expect(stored).toEqual([{ secretHash: deps.hasher.hash(token ?? ''), createdAt: deps.clock.now() }])
    await cases.createUser.execute({ username: 'ada', email: 'ada@example.com', isSiteAdmin: true }, OPERATOR)
    await expect(cases.initialAdmin.issueToken()).resolves.toBeUndefined()
    await expect(cases.initialAdmin.hasAdmin()).resolves.toBe(true)
  })

  it('creates the first site administrator with a hashed password and a working API token, once', async () => {
    const token = (await cases.initialAdmin.issueToken()) ?? ''
    const { user, bearer } = await cases.initialAdmin.createAdmin({ token, ...admin })
    expect(user).toMatchObject({ username: 'root', email: 'root@example.com', isSiteAdmin: true })
    const principal = await cases.authenticateToken.execute(bearer)
    expect(principal).toMatchObject({ kind: 'user', user: { id: user.id, isSiteAdmin: true } })
    const hash = await deps.unitOfWork.run(({ users }) => users.findPasswordHash(user.id))
    expect(hash).toBe(await deps.passwords.hash(admin.password))
    // Used: the token, and every other process's, is gone, and a second administrator is refused.
    await expect(deps.unitOfWork.run(({ initialAdminTokens }) => initialAdminTokens.list())).resolves.toEqual([])
    await expect(cases.initialAdmin.createAdmin({ token, ...admin, username: 'again', email: 'again@example.com' })).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('accepts the token of any process that issued one', async () => {
    const first = (await cases.initialAdmin.issueToken()) ?? ''
    await cases.initialAdmin.issueToken()
    await expect(cases.initialAdmin.createAdmin({ token: first, ...admin })).resolves.toMatchObject({ user: { username: 'root' } })
  })

  it('answers not_found for a wrong token before looking at the fields', async () => {
    await cases.initialAdmin.issueToken()
    await expect(cases.initialAdmin.createAdmin({ token: 'guess', username: '', email: '', password: '' })).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(cases.initialAdmin.hasAdmin()).resolves.toBe(false)
  })

  it('answers invalid naming every bad field, and the token stays usable', async () => {
    const token = (await cases.initialAdmin.issueToken()) ?? ''
    await expect(cases.initialAdmin.createAdmin({ token, username: '-bad-', email: 'nope', password: 'short' })).rejects.toMatchObject({
      code: 'invalid',
      fields: [{ field: 'username' }, { field: 'email' }, { field: 'password' }],
    })
    await expect(cases.initialAdmin.createAdmin({ token, ...admin })).resolves.toMatchObject({ user: { username: 'root' } })
  })

  it('hashes no password for a wrong token, for bad fields, nor once an administrator exists', async () => {
    const hash = vi.spyOn(deps.passwords, 'hash')
    const token = (await cases.initialAdmin.issueToken()) ?? ''
    await expect(cases.initialAdmin.createAdmin({ token: 'guess', ...admin })).rejects.toMatchObject({ code: 'not_found' })
    await expect(cases.initialAdmin.createAdmin({ token, ...admin, email: 'nope' })).rejects.toMatchObject({ code: 'invalid' })
    expect(hash).not.toHaveBeenCalled()
    await cases.initialAdmin.createAdmin({ token, ...admin })
    expect(hash).toHaveBeenCalledTimes(1)
    await expect(cases.initialAdmin.createAdmin({ token, ...admin, username: 'again' })).rejects.toMatchObject({ code: 'not_found' })
    expect(hash).toHaveBeenCalledTimes(1)
  })

  it('refuses a token older than its lifetime, 60 minutes by default', async () => {
    const token = (await cases.initialAdmin.issueToken()) ?? ''
    deps.clock.advance(59 * 60 * 1000)
    await expect(cases.initialAdmin.isUsable(token)).resolves.toBe(true)
    deps.clock.advance(60 * 1000)
    await expect(cases.initialAdmin.isUsable(token)).resolves.toBe(false)
    await expect(cases.initialAdmin.createAdmin({ token, ...admin })).rejects.toMatchObject({ code: 'not_found' })
    // A restart issues a new token, which works for a lifetime of its own.
    const renewed = (await cases.initialAdmin.issueToken()) ?? ''
    await expect(cases.initialAdmin.createAdmin({ token: renewed, ...admin })).resolves.toMatchObject({ user: { username: 'root' } })
  })

  it('takes the lifetime it is given', async () => {
    const short = createUseCases({ ...deps, initialAdminTokenLifetimeMs: 1000 })
    const token = (await short.initialAdmin.issueToken()) ?? ''
    deps.clock.advance(1000)
    await expect(short.initialAdmin.isUsable(token)).resolves.toBe(false)
  })
})
