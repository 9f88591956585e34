import type { AuthToken, TokenKind } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { aTeam, aToken, aUser } from '../builders/builders.ts'
import { idsOf, minute, seedOrganizations } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function tokenRepositoryContract(name: string, open: StoreHarness): void {
  describe(`TokenRepository contract: ${name}`, () => {
    const store = useStore(open)
    const owner = aUser()
    const team = aTeam()
    const token = aToken({ subjectId: owner.id, description: 'ci', createdAt: new Date('2026-02-03T04:05:06.789Z') })

    /** A user, the organization `acme` and its team, for tokens of every kind to act for. */
    async function seedSubjects(): Promise<void> {
      await seedOrganizations(store(), 'acme')
      await store().run(async ({ users, teams }) => {
        await users.add(owner)
        await teams.add(team)
      })
    }

    it('stores a token and finds it by id', async () => {
      await seedSubjects()
      await store().run(({ tokens }) => tokens.add(token))
      await expect(store().run(({ tokens }) => tokens.findById(token.id))).resolves.toEqual(token)
      await expect(store().run(({ tokens }) => tokens.findById('at-missing'))).resolves.toBeUndefined()
    })

    it('stores tokens of every kind with their subject', async () => {
      await seedSubjects()
      const teamToken = aToken({ id: 'at-team', kind: 'team', subjectId: team.id })
      const organizationToken = aToken({ id: 'at-organization', kind: 'organization', subjectId: 'acme' })
      await store().run(async ({ tokens }) => {
        await tokens.add(teamToken)
        await tokens.add(organizationToken)
      })
      await expect(store().run(({ tokens }) => tokens.findById(teamToken.id))).resolves.toEqual(teamToken)
      await expect(store().run(({ tokens }) => tokens.findById(organizationToken.id))).resolves.toEqual(organizationToken)
    })

    it.each<[TokenKind, string]>([
      ['user', 'user-missing'],
      ['team', 'team-missing'],
      ['organization', 'missing'],
    ])('refuses a %s token for a subject it does not have with not_found', async (kind, subjectId) => {
      await seedSubjects()
      await expect(store().run(({ tokens }) => tokens.add(aToken({ kind, subjectId })))).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(store().run(({ tokens }) => tokens.findById(aToken().id))).resolves.toBeUndefined()
    })

    it('records a revocation', async () => {
      await seedSubjects()
      await store().run(({ tokens }) => tokens.add(token))
      const revokedAt = new Date('2026-03-01T00:00:00.000Z')
      await store().run(({ tokens }) => tokens.update({ ...token, revokedAt }))
      await expect(store().run(({ tokens }) => tokens.findById(token.id))).resolves.toEqual({ ...token, revokedAt })
    })

    it('records the last use of each token, never moving it back, and skips a token it does not have', async () => {
      await seedSubjects()
      const other = aToken({ id: 'at-other', subjectId: owner.id })
      await store().run(async ({ tokens }) => {
        await tokens.add(token)
        await tokens.add(other)
      })
      expect((await store().run(({ tokens }) => tokens.findById(token.id)))?.lastUsedAt).toBeNull()
      await store().autocommit(({ tokens }) =>
        tokens.recordUses(
          new Map([
            [token.id, minute(5)],
            [other.id, minute(2)],
            ['at-missing', minute(1)],
          ]),
        ),
      )
      await store().autocommit(({ tokens }) =>
        tokens.recordUses(
          new Map([
            [token.id, minute(3)],
            [other.id, minute(4)],
          ]),
        ),
      )
      await store().autocommit(({ tokens }) => tokens.recordUses(new Map()))
      const [found, foundOther] = await store().run(({ tokens }) => Promise.all([tokens.findById(token.id), tokens.findById(other.id)]))
      expect(found).toEqual({ ...token, lastUsedAt: minute(5) })
      expect(foundOther?.lastUsedAt).toEqual(minute(4))
    })

    it('refuses to update a token it does not have with not_found', async () => {
      await expect(store().run(({ tokens }) => tokens.update(token))).rejects.toMatchObject({ code: 'not_found' })
    })

    it("lists a subject's unrevoked tokens, oldest first", async () => {
      await seedSubjects()
      const other = aUser({ id: 'user-other', username: 'other' })
      const tokens: AuthToken[] = [
        aToken({ id: 'at-3', subjectId: owner.id, createdAt: minute(3) }),
        aToken({ id: 'at-1', subjectId: owner.id, createdAt: minute(1) }),
        aToken({ id: 'at-revoked', subjectId: owner.id, createdAt: minute(0), revokedAt: minute(4) }),
        aToken({ id: 'at-2', subjectId: owner.id, createdAt: minute(2) }),
        aToken({ id: 'at-other', subjectId: other.id, createdAt: minute(0) }),
        aToken({ id: 'at-team', kind: 'team', subjectId: team.id, createdAt: minute(0) }),
        aToken({ id: 'at-organization', kind: 'organization', subjectId: 'acme', createdAt: minute(0) }),
      ]
      await store().run(async (repositories) => {
        await repositories.users.add(other)
        for (const each of tokens) await repositories.tokens.add(each)
      })
      const listed = (kind: TokenKind, subjectId: string) => store().run((r) => r.tokens.listActive(kind, subjectId))
      expect(idsOf(await listed('user', owner.id))).toEqual(['at-1', 'at-2', 'at-3'])
      expect(await listed('user', owner.id)).toContainEqual(tokens[0])
      expect(idsOf(await listed('team', team.id))).toEqual(['at-team'])
      expect(idsOf(await listed('organization', 'acme'))).toEqual(['at-organization'])
      expect(idsOf(await listed('team', owner.id))).toEqual([])
      expect(idsOf(await listed('user', 'user-nobody'))).toEqual([])
    })
  })
}
