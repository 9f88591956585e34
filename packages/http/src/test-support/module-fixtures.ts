import { addMember, settledVersion } from '@cairn/testing'
import { anOrganizationWith } from './seed.ts'
import type { TestApp } from './test-app.ts'

/**
 * Organization `acme` owned by `member`, with `publisher` (a site administrator with
 * `siteAdminPublisher`) on a team that manages modules and `reader` a member on no team. Returns their tokens.
 */
export async function moduleOrganization(t: TestApp, options: { siteAdminPublisher?: boolean } = {}) {
  const { principal: owner } = await anOrganizationWith(t.useCases, t.member.user, 'acme')
  const publisher = await t.signUp('publisher', { isSiteAdmin: options.siteAdminPublisher ?? false })
  const reader = await t.signUp('reader')
  for (const user of [publisher, reader]) {
    await addMember(t.useCases, { organizationName: 'acme', email: user.user.email }, owner)
  }
  const team = await t.useCases.teams.create({ organizationName: 'acme', name: 'publishers', access: { manageModules: true } }, owner)
  await t.useCases.teams.addMembers({ id: team.id, usernames: ['publisher'] }, owner)
  return { owner: t.memberToken, publisher: publisher.token, reader: reader.token }
}

export const moduleBody = (attributes: Record<string, unknown>) => ({ data: { type: 'registry-modules', attributes } })
export const versionBody = (version: string) => ({
  data: { type: 'registry-module-versions', attributes: { version, 'commit-sha': null } },
})

/**
 * Creates module `name`/`provider` in `organization` (`acme` by default) when it is not there, then a version of it, and
 * uploads `content` to its link (as go-tfe does, with no credentials) unless `content` is null; answers once the
 * upload's analysis has settled the version.
 */
export async function publish(
  t: TestApp,
  token: string,
  module: { name: string; provider: string; version: string; content?: string | null; organization?: string },
) {
  const organization = module.organization ?? 'acme'
  const base = `/api/v2/organizations/${organization}/registry-modules`
  await t.call('POST', base, token, moduleBody({ name: module.name, provider: module.provider }))
  const created = await t.call(
    'POST',
    `${base}/private/${organization}/${module.name}/${module.provider}/versions`,
    token,
    versionBody(module.version),
  )
  if (created.status !== 201) throw new Error(`creating ${module.version} answered ${created.status}`)
  const { data } = (await created.json()) as { data: { id: string; links: { upload: string } } }
  if (module.content === null) return
  const uploaded = await t.app.request(new URL(data.links.upload).pathname, { method: 'PUT', body: module.content ?? 'good archive' })
  if (uploaded.status !== 200) throw new Error(`uploading ${module.version} answered ${uploaded.status}`)
  await settledVersion(t.deps.unitOfWork, data.id)
}
