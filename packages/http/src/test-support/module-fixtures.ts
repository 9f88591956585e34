import { anOrganizationWith } from './seed.ts'
import type { TestApp } from './test-app.ts'

/**
 * Organization `acme` owned by `member`, with `publisher` on a team that manages modules and
 * `reader` a member on no team. Returns their tokens.
 */
export async function moduleOrganization(t: TestApp) {
  const { principal: owner } = await anOrganizationWith(t.useCases, t.member.user, 'acme')
  const publisher = await t.signUp('publisher')
  const reader = await t.signUp('reader')
  for (const user of [publisher, reader]) {
    await t.useCases.memberships.add({ organizationName: 'acme', email: user.user.email }, owner)
  }
  const team = await t.useCases.teams.create({ organizationName: 'acme', name: 'publishers', access: { manageModules: true } }, owner)
  await t.useCases.teams.addMembers({ id: team.id, usernames: ['publisher'] }, owner)
  return { owner: t.memberToken, publisher: publisher.token, reader: reader.token }
}

export const moduleBody = (attributes: Record<string, unknown>) => ({ data: { type: 'registry-modules', attributes } })
export const versionBody = (version: string) => ({
  data: { type: 'registry-module-versions', attributes: { version, 'commit-sha': null } },
})
