import { FakeGithubApp } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { moduleOrganization } from '../test-support/module-fixtures.ts'
import { anOrganizationWith } from '../test-support/seed.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'
import { eventually, vcsBody } from '../test-support/vcs-fixtures.ts'

const PUBLISH = '/api/v2/organizations/acme/registry-modules/vcs'
const VPC = '/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws'

describe('publishing through the GitHub App (vcs-repo.github-app-installation-id)', () => {
  let t: TestApp
  let app: FakeGithubApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>

  beforeEach(async () => {
    app = new FakeGithubApp()
    app.install(7, 'acme')
    t = await testApp({ githubApp: app })
    // Only site administrators may use the app's installations (Cairn has no user-to-server authorization).
    tokens = await moduleOrganization(t, { siteAdminPublisher: true })
    t.deps.vcs.password = app.token
    t.deps.vcs.serve(`${app.webUrl}/acme/terraform-aws-vpc.git`, {
      tags: [
        { name: 'v1.0.0', commitSha: 'a1' },
        { name: 'v1.1.0', commitSha: 'b2' },
      ],
      branches: [{ name: 'main', commitSha: 'b2' }],
      trees: { a1: 'tree a', b2: 'tree b' },
    })
  })

  const publish = (vcsRepo: Record<string, unknown>, path = PUBLISH) =>
    t.call(
      'POST',
      path,
      tokens.publisher,
      vcsBody({ identifier: 'acme/terraform-aws-vpc', 'display-identifier': 'acme/terraform-aws-vpc', ...vcsRepo }),
    )

  async function pointersOf(response: Response): Promise<(string | undefined)[]> {
    expect(response.status).toBe(422)
    return (await json<ErrorDoc>(response)).errors.map((error) => error.source?.pointer)
  }

  it('201: the module shows the installation, github_app and the app web address; tags become versions with a minted token', async () => {
    const response = await publish({ 'github-app-installation-id': 'ghain-7' })
    expect(response.status).toBe(201)
    const { data } = await json<SingleDoc>(response)
    expect(data.attributes['vcs-repo']).toMatchObject({
      'github-app-installation-id': 'ghain-7',
      'oauth-token-id': null,
      'service-provider': 'github_app',
      'repository-http-url': 'https://github.test/acme/terraform-aws-vpc',
    })
    await eventually(async () => {
      const { data: module } = await json<SingleDoc>(await t.call('GET', VPC, tokens.reader))
      expect(module.attributes['version-statuses']).toEqual([
        { version: '1.0.0', status: 'ok' },
        { version: '1.1.0', status: 'ok' },
      ])
    })
    // One token to read the refs, then each job mints (or reuses) its own: none is stored.
    expect(app.minted).toBeGreaterThanOrEqual(2)
  })

  it('201 with a blank oauth-token-id beside the installation: a blank id is none, as the tfe provider sends the kind it does not use', async () => {
    expect((await publish({ 'github-app-installation-id': 'ghain-7', 'oauth-token-id': '' })).status).toBe(201)
  })

  it('resync re-reads the repository through the installation: a new tag becomes a version', async () => {
    expect((await publish({ 'github-app-installation-id': 'ghain-7' })).status).toBe(201)
    const repository = t.deps.vcs.repositories.get(`${app.webUrl}/acme/terraform-aws-vpc.git`)
    repository?.tags.push({ name: 'v2.0.0', commitSha: 'c3' })
    if (repository !== undefined) repository.trees['c3'] = 'tree c'
    expect((await t.call('POST', `${VPC}/actions/resync`, tokens.publisher)).status).toBe(204)
    await eventually(async () => {
      const { data } = await json<SingleDoc>(await t.call('GET', VPC, tokens.reader))
      expect(data.attributes['version-statuses']).toContainEqual({ version: '2.0.0', status: 'ok' })
    })
  })

  it.each([
    ['an installation the app does not have', { 'github-app-installation-id': 'ghain-8' }, 'vcs-repo/github-app-installation-id'],
    ['an id not of the ghain- form', { 'github-app-installation-id': '7' }, 'vcs-repo/github-app-installation-id'],
    ['both kinds of connection', { 'github-app-installation-id': 'ghain-7', 'oauth-token-id': 'ot-1' }, 'vcs-repo/oauth-token-id'],
    ['neither kind of connection', {}, 'vcs-repo/oauth-token-id'],
    ['both ids blank, which is neither', { 'github-app-installation-id': '', 'oauth-token-id': '' }, 'vcs-repo/oauth-token-id'],
  ])('422 for %s, and nothing stored', async (_, vcsRepo, pointer) => {
    expect(await pointersOf(await publish(vcsRepo))).toContain(`/data/attributes/${pointer}`)
    expect((await t.call('GET', VPC, tokens.reader)).status).toBe(404)
  })

  it('422 on the deprecated route without vcs-repo.organization-name; 201 with it', async () => {
    expect(await pointersOf(await publish({ 'github-app-installation-id': 'ghain-7' }, '/api/v2/registry-modules'))).toEqual([
      '/data/attributes/vcs-repo/organization-name',
    ])
    expect(
      (await publish({ 'github-app-installation-id': 'ghain-7', 'organization-name': 'acme' }, '/api/v2/registry-modules')).status,
    ).toBe(201)
  })

  it('404 for a reader who cannot manage modules, before GitHub is asked for a token', async () => {
    const response = await t.call(
      'POST',
      PUBLISH,
      tokens.reader,
      vcsBody({ identifier: 'acme/terraform-aws-vpc', 'github-app-installation-id': 'ghain-7' }),
    )
    expect(response.status).toBe(404)
    expect(app.minted).toBe(0)
  })

  it('422 for a non-admin who manages modules, the same for an installation that exists and one that does not; GitHub is not asked', async () => {
    // A user who can create an organization must not read another account's private repositories through the app.
    const manager = await t.signUp('manager')
    await anOrganizationWith(t.useCases, manager.user, 'mallory')
    const details = []
    for (const ghainId of ['ghain-7', 'ghain-8']) {
      const response = await t.call(
        'POST',
        '/api/v2/organizations/mallory/registry-modules/vcs',
        manager.token,
        vcsBody({ identifier: 'acme/terraform-aws-vpc', 'github-app-installation-id': ghainId }),
      )
      expect(response.status).toBe(422)
      const [error] = (await json<ErrorDoc>(response)).errors
      expect(error?.source?.pointer).toBe('/data/attributes/vcs-repo/github-app-installation-id')
      details.push(error?.detail)
    }
    expect(details[0]).toContain('site administrators')
    expect(details[1]).toBe(details[0])
    const deprecated = await t.call(
      'POST',
      '/api/v2/registry-modules',
      manager.token,
      vcsBody({ identifier: 'acme/terraform-aws-vpc', 'github-app-installation-id': 'ghain-7', 'organization-name': 'mallory' }),
    )
    expect(await pointersOf(deprecated)).toEqual(['/data/attributes/vcs-repo/github-app-installation-id'])
    expect(app.minted).toBe(0)
  })

  it('404 on the installations for anyone but a site administrator', async () => {
    for (const path of ['/api/v2/github-app/installations', '/api/v2/github-app/installation/ghain-7']) {
      expect((await t.call('GET', path, tokens.reader)).status).toBe(404)
      expect((await t.call('GET', path, t.adminToken)).status).toBe(200)
    }
  })

  it("422 on the installations when GitHub refuses the app's credentials (a configuration problem, not an outage)", async () => {
    app.acceptsApp = false
    const response = await t.call('GET', '/api/v2/github-app/installations', tokens.publisher)
    expect(response.status).toBe(422)
    expect((await json<ErrorDoc>(response)).errors[0]?.detail).toContain('refused')
  })

  it('503 when the GitHub API cannot be reached', async () => {
    app.reachable = false
    expect((await publish({ 'github-app-installation-id': 'ghain-7' })).status).toBe(503)
  })

  it('lists and reads the installations by ghain- id', async () => {
    const list = await json<ListDoc>(await t.call('GET', '/api/v2/github-app/installations', tokens.publisher))
    expect(list.data).toEqual([
      expect.objectContaining({
        id: 'ghain-7',
        type: 'github-app-installations',
        attributes: expect.objectContaining({ name: 'acme', 'installation-id': 7, 'installation-type': 'Organization' }),
      }),
    ])
    expect((await t.call('GET', '/api/v2/github-app/installation/ghain-7', tokens.publisher)).status).toBe(200)
    expect((await t.call('GET', '/api/v2/github-app/installation/ghain-8', tokens.publisher)).status).toBe(404)
    expect((await t.call('GET', '/api/v2/github-app/installation/nonsense', tokens.publisher)).status).toBe(404)
  })
})

describe('without a GitHub App configured', () => {
  it('422 naming github-app-installation-id, and no installations', async () => {
    const t = await testApp()
    const tokens = await moduleOrganization(t, { siteAdminPublisher: true })
    const response = await t.call(
      'POST',
      PUBLISH,
      tokens.publisher,
      vcsBody({ identifier: 'acme/terraform-aws-vpc', 'github-app-installation-id': 'ghain-7' }),
    )
    expect(response.status).toBe(422)
    expect((await json<ErrorDoc>(response)).errors[0]?.detail).toContain('no GitHub App is configured')
    expect((await json<ListDoc>(await t.call('GET', '/api/v2/github-app/installations', tokens.publisher))).data).toEqual([])
  })
})
