import { OWNERS_TEAM } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { webTestApp } from '../test-support/web-test-app.ts'

const PAGE = '/app/settings/tokens'

const shownSecret = (page: string) => /<code id="new-token">([^<]+)<\/code>/.exec(page)?.[1] ?? ''

/** `acme` (owned by `owner`, `reader` a member) with a team `ci`, and a browser signed in as `who`. */
async function acme(who: 'owner' | 'reader') {
  const t = await webTestApp()
  const ci = await t.useCases.teams.create({ organizationName: 'acme', name: 'ci' }, t.owner.principal)
  const { items } = await t.useCases.teams.list({ organizationName: 'acme', page: { number: 1, size: 20 } }, t.owner.principal)
  const owners = items.find((team) => team.name === OWNERS_TEAM)
  const session = await t.signIn(t[who].token)
  const post = (path: string) => t.browse(path, { cookie: session.cookie, form: { _csrf: session.csrf } })
  const get = () => t.browse(PAGE, { cookie: session.cookie })
  return { t, ci, owners, post, get }
}

describe("the token page's organization tokens", () => {
  it('an owner sees each owned organization, its token and its teams, with none yet', async () => {
    const { t, ci, get } = await acme('owner')
    const page = await (await get()).text()
    expect(page).toContain('<h2 id="organization-acme-heading">Tokens of acme</h2>')
    expect(page).not.toContain('Tokens of other')
    expect(page).toMatch(/<th scope="row">the organization acme<\/th>\s*<td>No token<\/td>/)
    expect(page).toMatch(/<th scope="row">team ci<\/th>\s*<td>No token<\/td>/)
    expect(page).toContain(`<form class="inline" method="post" action="${PAGE}/teams/${ci.id}/create">`)
    expect(page).not.toContain(`${PAGE}/teams/${ci.id}/revoke`)
    expect(t.owner.user.username).toBe('owner')
  })

  it('an owner creates a team token, shown once and acting as the team, then replaces and revokes it', async () => {
    const { t, ci, post, get } = await acme('owner')
    const created = await (await post(`${PAGE}/teams/${ci.id}/create`)).text()
    expect(created).toContain('New token for team ci of acme')
    const first = shownSecret(created)
    expect(await t.useCases.authenticateToken.execute(first)).toMatchObject({ kind: 'team', team: { id: ci.id } })
    const listed = await (await get()).text()
    expect(listed).toMatch(/<th scope="row">team ci<\/th>\s*<td><time datetime=/)
    expect(listed).toContain('<button type="submit">Yes, replace the token of team ci</button>')
    const second = shownSecret(await (await post(`${PAGE}/teams/${ci.id}/create`)).text())
    await expect(t.useCases.authenticateToken.execute(first)).rejects.toMatchObject({ code: 'unauthenticated' })
    const revoked = await post(`${PAGE}/teams/${ci.id}/revoke`)
    expect(revoked.status).toBe(303)
    expect(revoked.headers.get('Location')).toBe(PAGE)
    await expect(t.useCases.authenticateToken.execute(second)).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('an owner creates and revokes the organization token', async () => {
    const { t, post } = await acme('owner')
    const created = await (await post(`${PAGE}/organizations/acme/create`)).text()
    expect(created).toContain('New token for the organization acme')
    const secret = shownSecret(created)
    expect(await t.useCases.authenticateToken.execute(secret)).toMatchObject({ kind: 'organization', organizationName: 'acme' })
    expect((await post(`${PAGE}/organizations/acme/revoke`)).status).toBe(303)
    await expect(t.useCases.authenticateToken.execute(secret)).rejects.toMatchObject({ code: 'unauthenticated' })
    expect((await post(`${PAGE}/organizations/acme/revoke`)).status).toBe(404)
  })

  it('a member who does not own the organization sees none of its tokens and changes none (404)', async () => {
    const { t, ci, owners, post, get } = await acme('reader')
    const kept = await t.useCases.serviceTokens.createTeamToken({ teamId: ci.id }, t.owner.principal)
    expect(await (await get()).text()).not.toContain('Tokens of acme')
    for (const path of [
      `${PAGE}/teams/${ci.id}/create`,
      `${PAGE}/teams/${ci.id}/revoke`,
      `${PAGE}/teams/${owners?.id ?? ''}/create`,
      `${PAGE}/organizations/acme/create`,
      `${PAGE}/organizations/other/create`,
    ]) {
      const response = await post(path)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).not.toContain('new-token')
    }
    await expect(t.useCases.authenticateToken.execute(kept.bearer)).resolves.toMatchObject({ kind: 'team' })
  })
})
