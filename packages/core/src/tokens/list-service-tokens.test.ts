import { addMember, inMemoryDeps, signUpUser } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { createUseCases } from '../use-cases.ts'

describe('ListServiceTokens', () => {
  async function acme() {
    const cases = createUseCases(inMemoryDeps())
    const owner = await signUpUser(cases, 'olivia')
    const bob = await signUpUser(cases, 'bob')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, owner)
    const ci = await cases.teams.create({ organizationName: 'acme', name: 'ci' }, owner)
    return { cases, owner, bob, ci }
  }

  it("an owner sees the organization's token and each team's active token, none as null", async () => {
    const { cases, owner, ci } = await acme()
    const first = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    const second = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    const listed = await cases.organizationServiceTokens.execute({ organizationName: 'acme' }, owner)
    expect(listed.organizationToken).toBeNull()
    expect(listed.teams.map(({ team, token }) => [team.name, token?.id])).toEqual([
      ['ci', second.token.id],
      ['owners', undefined],
    ])
    expect(listed.teams.some(({ token }) => token?.id === first.token.id)).toBe(false)
    const organization = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    expect((await cases.organizationServiceTokens.execute({ organizationName: 'acme' }, owner)).organizationToken?.id).toBe(
      organization.token.id,
    )
  })

  it('a member who does not own the organization, and a stranger, get not_found', async () => {
    const { cases, bob } = await acme()
    const stranger = await signUpUser(cases, 'stranger')
    for (const principal of [bob, stranger]) {
      await expect(cases.organizationServiceTokens.execute({ organizationName: 'acme' }, principal)).rejects.toMatchObject({
        code: 'not_found',
      })
    }
  })
})
