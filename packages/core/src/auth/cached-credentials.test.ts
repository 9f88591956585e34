import { addMember, inMemoryDeps, signUpUser, type InMemoryDeps } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { createUseCases, type UseCases } from '../use-cases.ts'
import { OPERATOR, type UserPrincipal } from './principal.ts'

/** Counts the reads that reach the store, to tell a cached authentication from a loaded one. */
function countingReads(deps: InMemoryDeps) {
  const counter = { reads: 0 }
  const unitOfWork = deps.unitOfWork
  const counted = {
    ...deps,
    unitOfWork: {
      run: unitOfWork.run.bind(unitOfWork),
      read: <T>(work: Parameters<typeof unitOfWork.read<T>>[0]) => {
        counter.reads += 1
        return unitOfWork.read(work)
      },
      autocommit: unitOfWork.autocommit.bind(unitOfWork),
    },
  }
  return { counted, counter }
}

describe('authentication through the credential cache', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let reads: { reads: number }
  let admin: UserPrincipal
  let bob: { bearer: string; tokenId: string; userId: string }

  beforeEach(async () => {
    deps = inMemoryDeps()
    const { counted, counter } = countingReads(deps)
    cases = createUseCases(counted)
    reads = counter
    admin = await signUpUser(cases, 'ada', { isSiteAdmin: true })
    const user = await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
    const { bearer, token } = await cases.userTokens.create.execute({ user: { username: 'bob' } }, OPERATOR)
    bob = { bearer, tokenId: token.id, userId: user.id }
  })

  it('answers a repeated authentication without reaching the store', async () => {
    await cases.authenticateToken.execute(bob.bearer)
    const before = reads.reads
    await cases.authenticateToken.execute(bob.bearer)
    expect(reads.reads).toBe(before)
  })

  it('still checks the secret of a cached token', async () => {
    await cases.authenticateToken.execute(bob.bearer)
    const forged = `${bob.tokenId}.cairn.${'A'.repeat(43)}`
    await expect(cases.authenticateToken.execute(forged)).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('refuses a revoked token on the very next request', async () => {
    const principal = await cases.authenticateToken.execute(bob.bearer)
    await cases.userTokens.revoke.execute({ tokenId: bob.tokenId }, principal)
    await expect(cases.authenticateToken.execute(bob.bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('refuses the token of a user suspended since', async () => {
    await cases.authenticateToken.execute(bob.bearer)
    await cases.adminUsers.act({ userId: bob.userId, action: 'suspend' }, admin)
    await expect(cases.authenticateToken.execute(bob.bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('refuses the token of a user deleted since', async () => {
    await cases.authenticateToken.execute(bob.bearer)
    await cases.adminUsers.remove({ userId: bob.userId }, admin)
    await expect(cases.authenticateToken.execute(bob.bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('sees admin rights granted since', async () => {
    await expect(cases.authenticateToken.execute(bob.bearer)).resolves.toMatchObject({ user: { isSiteAdmin: false } })
    await cases.adminUsers.act({ userId: bob.userId, action: 'grant_admin' }, admin)
    await expect(cases.authenticateToken.execute(bob.bearer)).resolves.toMatchObject({ user: { isSiteAdmin: true } })
  })

  it('sees a membership added since', async () => {
    const principal = await cases.authenticateToken.execute(bob.bearer)
    await cases.organizations.create({ name: 'acme', email: 'ops@acme.example' }, admin)
    await expect(cases.organizations.show({ name: 'acme' }, principal)).rejects.toMatchObject({ code: 'not_found' })
    await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, admin)
    const after = await cases.authenticateToken.execute(bob.bearer)
    await expect(cases.organizations.show({ name: 'acme' }, after)).resolves.toMatchObject({ name: 'acme' })
  })

  it('does not keep what a load read while a unit of work committed', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { counted } = countingReads(deps)
    const slow = createUseCases({
      ...counted,
      credentialCache: deps.credentialCache,
      unitOfWork: {
        run: deps.unitOfWork.run.bind(deps.unitOfWork),
        read: async (work) => {
          const value = await deps.unitOfWork.read(work)
          await gate
          return value
        },
        autocommit: deps.unitOfWork.autocommit.bind(deps.unitOfWork),
      },
    })
    const loading = slow.authenticateToken.execute(bob.bearer)
    await slow.adminUsers.act({ userId: bob.userId, action: 'suspend' }, admin)
    release()
    await expect(loading).resolves.toMatchObject({ user: { isSuspended: false } })
    await expect(slow.authenticateToken.execute(bob.bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
  })
})
