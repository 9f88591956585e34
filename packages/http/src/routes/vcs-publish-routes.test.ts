import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type SingleDoc } from '../test-support/documents.ts'
import { moduleBody, moduleOrganization, versionBody } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'
import { connectGitHost, eventually, GIT_HOST, vcsBody } from '../test-support/vcs-fixtures.ts'

const PUBLISH = '/api/v2/organizations/acme/registry-modules/vcs'
const VPC = '/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws'
const REPO = `${GIT_HOST}/acme/terraform-aws-vpc.git`

describe('publishing modules from VCS (spec §4.1, §2.1, §2.2)', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>
  let tokenId: string

  beforeEach(async () => {
    t = await testApp()
    tokens = await moduleOrganization(t)
    tokenId = await connectGitHost(t, tokens.owner)
    t.deps.vcs.serve(REPO, {
      tags: [
        { name: 'v1.0.0', commitSha: 'a1' },
        { name: '1.1.0', commitSha: 'b2' },
        { name: 'latest', commitSha: 'b2' },
        { name: 'v2.0.0', commitSha: 'c3' },
      ],
      branches: [{ name: 'main', commitSha: 'd4' }],
      trees: { a1: 'tree a', b2: 'tree b', c3: 'bad tree', d4: 'tree d', e5e5e5e: 'tree e' },
    })
  })

  const publish = (vcsRepo: Record<string, unknown>, attributes: Record<string, unknown> = {}, token = tokens.publisher) =>
    t.call('POST', PUBLISH, token, vcsBody({ identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': tokenId, ...vcsRepo }, attributes))

  async function statuses(path = VPC) {
    const { data } = await json<SingleDoc>(await t.call('GET', path, tokens.reader))
    return data.attributes['version-statuses']
  }

  const moduleCount = () =>
    t.deps.unitOfWork.read(
      async ({ registryModules }) => (await registryModules.list({ organizationName: 'acme', page: { number: 1, size: 10 } })).total,
    )

  it('201 tag-based: name and provider from terraform-<provider>-<name>; semver tags become versions, a bad tree fails alone', async () => {
    const response = await publish({ 'display-identifier': 'acme/terraform-aws-vpc' })
    expect(response.status).toBe(201)
    const { data } = await json<SingleDoc>(response)
    expect(data.attributes).toMatchObject({
      name: 'vpc',
      provider: 'aws',
      namespace: 'acme',
      'registry-name': 'private',
      'publishing-mechanism': 'git_tag',
      'vcs-repo': {
        identifier: 'acme/terraform-aws-vpc',
        'display-identifier': 'acme/terraform-aws-vpc',
        branch: '',
        tags: true,
        'tags-regex': null,
        'oauth-token-id': tokenId,
        // From the connection (service provider github, http-url the git host), and TFE's default for submodules.
        'repository-http-url': `${GIT_HOST}/acme/terraform-aws-vpc`,
        'service-provider': 'github',
        'ingress-submodules': true,
      },
      'test-config': { 'tests-enabled': false },
    })
    await eventually(async () =>
      expect(await statuses()).toEqual([
        { version: '1.0.0', status: 'ok' },
        { version: '1.1.0', status: 'ok' },
        { version: '2.0.0', status: 'reg_ingress_failed', error: 'is not a gzip tarball' },
      ]),
    )
  })

  it('201 monorepo: one repository publishes two modules from their directories and tag prefixes', async () => {
    const infra = `${GIT_HOST}/acme/infra.git`
    t.deps.vcs.serve(infra, {
      tags: [
        { name: 'vpc/v1.0.0', commitSha: 'a1' },
        { name: 'dns/v3.1.0', commitSha: 'b2' },
        { name: 'v9.0.0', commitSha: 'b2' },
      ],
      trees: { 'a1:modules/vpc': 'tree a', 'b2:modules/dns': 'tree b' },
    })
    for (const [name, prefix] of [
      ['vpc', 'vpc/'],
      ['dns', 'dns/'],
    ] as const) {
      const response = await publish(
        { identifier: 'acme/infra', 'source-directory': `modules/${name}`, 'tag-prefix': prefix },
        { name, provider: 'aws' },
      )
      expect(response.status).toBe(201)
    }
    await eventually(async () => expect(await statuses(VPC)).toEqual([{ version: '1.0.0', status: 'ok' }]))
    await eventually(async () => expect(await statuses(VPC.replace('/vpc/', '/dns/'))).toEqual([{ version: '3.1.0', status: 'ok' }]))
    expect([...t.deps.vcs.archived].sort()).toEqual(['a1:modules/vpc', 'b2:modules/dns'])
  })

  it('201 branch-based: the branch head is the initial version; create-version takes the commit-sha', async () => {
    const response = await publish({ branch: 'main' }, { 'initial-version': '0.1.0' })
    expect(response.status).toBe(201)
    expect((await json<SingleDoc>(response)).data.attributes).toMatchObject({
      'publishing-mechanism': 'branch',
      'vcs-repo': { branch: 'main', tags: false },
    })
    await eventually(async () => expect(await statuses()).toEqual([{ version: '0.1.0', status: 'ok' }]))
    const created = await t.call('POST', `${VPC}/versions`, tokens.publisher, {
      data: { type: 'registry-module-versions', attributes: { version: '0.2.0', 'commit-sha': 'e5e5e5e' } },
    })
    expect(created.status).toBe(201)
    expect((await json<SingleDoc>(created)).data.attributes).toMatchObject({ version: '0.2.0', 'commit-sha': 'e5e5e5e' })
    await eventually(async () => expect(await statuses()).toContainEqual({ version: '0.2.0', status: 'ok' }))
    expect(t.deps.vcs.archived).toEqual(['d4:', 'e5e5e5e:'])
    const withoutSha = await t.call('POST', `${VPC}/versions`, tokens.publisher, versionBody('0.3.0'))
    expect(withoutSha.status).toBe(422)
  })

  it('201 stores ingress-submodules and test-config.tests-enabled as sent, and echoes them on every read', async () => {
    const response = await publish({ branch: 'main', 'ingress-submodules': false }, { 'test-config': { 'tests-enabled': true } })
    expect(response.status).toBe(201)
    const expected = { 'vcs-repo': { 'ingress-submodules': false }, 'test-config': { 'tests-enabled': true } }
    expect((await json<SingleDoc>(response)).data.attributes).toMatchObject(expected)
    expect((await json<SingleDoc>(await t.call('GET', VPC, tokens.reader))).data.attributes).toMatchObject(expected)
  })

  it('422 naming the field for an ingress-submodules or tests-enabled that is not a boolean, and for tests enabled without a branch', async () => {
    const submodules = await publish({ 'ingress-submodules': 'yes' })
    expect(submodules.status).toBe(422)
    expect((await json<ErrorDoc>(submodules)).errors[0]?.source?.pointer).toBe('/data/attributes/vcs-repo/ingress-submodules')
    const tests = await publish({}, { 'test-config': { 'tests-enabled': 1 } })
    expect(tests.status).toBe(422)
    expect((await json<ErrorDoc>(tests)).errors[0]?.source?.pointer).toBe('/data/attributes/test-config/tests-enabled')
    // Module tests run on a branch, so a tag-based module cannot enable them (go-tfe refuses it too).
    const tagBased = await publish({}, { 'test-config': { 'tests-enabled': true } })
    expect(tagBased.status).toBe(422)
    expect((await json<ErrorDoc>(tagBased)).errors[0]?.source?.pointer).toBe('/data/attributes/test-config/tests-enabled')
    expect(await moduleCount()).toBe(0)
  })

  it('422 create-version on a tag-based module', async () => {
    await publish({})
    expect((await t.call('POST', `${VPC}/versions`, tokens.publisher, versionBody('9.0.0'))).status).toBe(422)
  })

  it.each([
    ['vcs-repo/identifier', { identifier: undefined }],
    ['vcs-repo/identifier', { identifier: 'acme' }],
    ['vcs-repo/identifier', { identifier: 'acme/project/_git/terraform-aws-vpc' }],
    ['vcs-repo/identifier', { identifier: 'acme/vpc-module' }],
    ['vcs-repo/oauth-token-id', { 'oauth-token-id': undefined }],
    ['vcs-repo/oauth-token-id', { 'github-app-installation-id': 'ghain-1' }],
    ['vcs-repo/github-app-installation-id', { 'oauth-token-id': undefined, 'github-app-installation-id': 'ghain-1' }],
    ['vcs-repo/oauth-token-id', { 'oauth-token-id': 'ot-unknown' }],
    ['vcs-repo/oauth-token-id', { 'oauth-token-id': 42 }],
    ['vcs-repo/tags', { branch: 'main', tags: true }],
    ['vcs-repo/branch', { branch: 'no-such-branch' }],
    ['vcs-repo/source-directory', { 'source-directory': '../etc' }],
    ['vcs-repo/identifier', { identifier: 'acme/terraform-aws-gone' }],
  ])('422 naming %s, and nothing stored', async (pointer, vcsRepo) => {
    const response = await publish(vcsRepo)
    expect(response.status).toBe(422)
    const { errors } = await json<ErrorDoc>(response)
    expect(errors.map((error) => error.source?.pointer)).toContain(`/data/attributes/${pointer}`)
    expect(await moduleCount()).toBe(0)
  })

  it('422 on the connection when the git host refuses its credential; 503 when the host is unreachable', async () => {
    t.deps.vcs.password = 'rotated'
    const refused = await publish({})
    expect(refused.status).toBe(422)
    expect((await json<ErrorDoc>(refused)).errors[0]?.source?.pointer).toBe('/data/attributes/vcs-repo/oauth-token-id')
    t.deps.vcs.reachable = false
    expect((await publish({})).status).toBe(503)
    expect(await moduleCount()).toBe(0)
  })

  it('404 for a member without the manage-modules permission, and for another organization', async () => {
    expect((await publish({}, {}, tokens.reader)).status).toBe(404)
    const outsider = await t.signUp('outsider')
    expect((await publish({}, {}, outsider.token)).status).toBe(404)
    expect(await moduleCount()).toBe(0)
  })

  it("201 from the deprecated POST /registry-modules: the organization is the connection's; Deprecation and Link say so", async () => {
    const response = await t.call(
      'POST',
      '/api/v2/registry-modules',
      tokens.publisher,
      vcsBody({ identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': tokenId, display_identifier: 'acme/terraform-aws-vpc' }),
    )
    expect(response.status).toBe(201)
    expect(response.headers.get('Deprecation')).toBe('true')
    expect(response.headers.get('Link')).toContain('rel="successor-version"')
    expect((await json<SingleDoc>(response)).data.attributes).toMatchObject({
      namespace: 'acme',
      name: 'vpc',
      'vcs-repo': { 'display-identifier': 'acme/terraform-aws-vpc' },
    })
    const unknown = await t.call(
      'POST',
      '/api/v2/registry-modules',
      tokens.publisher,
      vcsBody({ identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': 'ot-nope' }),
    )
    expect(unknown.status).toBe(422)
    expect(unknown.headers.get('Deprecation')).toBe('true')
  })

  it("404 from the deprecated route for a caller who does not manage modules in the connection's organization; the git host is not asked", async () => {
    t.deps.vcs.reachable = false
    const body = vcsBody({ identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': tokenId })
    for (const token of [tokens.reader, (await t.signUp('outsider')).token]) {
      expect((await t.call('POST', '/api/v2/registry-modules', token, body)).status).toBe(404)
    }
    expect(await moduleCount()).toBe(0)
  })

  it('PATCH switches a module from tags to a branch and back; back on tags it syncs again', async () => {
    await publish({ 'tag-prefix': 'none/' })
    await eventually(async () =>
      expect((await json<SingleDoc>(await t.call('GET', VPC, tokens.owner))).data.attributes['status']).toBe('no_version_tags'),
    )
    const toBranch = await t.call('PATCH', VPC, tokens.owner, vcsBody({ branch: 'main' }))
    expect((await json<SingleDoc>(toBranch)).data.attributes).toMatchObject({
      'publishing-mechanism': 'branch',
      'vcs-repo': { branch: 'main', tags: false },
    })
    const toTags = await t.call('PATCH', VPC, tokens.owner, vcsBody({ tags: true, 'tag-prefix': '' }))
    expect((await json<SingleDoc>(toTags)).data.attributes).toMatchObject({
      'publishing-mechanism': 'git_tag',
      'vcs-repo': { branch: '', tags: true, 'tag-prefix': '' },
    })
    await eventually(async () => expect(await statuses()).toHaveLength(3))
    expect((await t.call('PATCH', VPC, tokens.owner, vcsBody({ branch: 'main', tags: true }))).status).toBe(422)
  })

  it('204 resync: a tag pushed since becomes a version; 404 for readers; 422 for a module without VCS', async () => {
    await publish({})
    await eventually(async () => expect(await statuses()).toHaveLength(3))
    t.deps.vcs.repositories.get(REPO)?.tags.push({ name: 'v3.0.0', commitSha: 'e5e5e5e' })
    const resync = `${VPC}/actions/resync`
    expect((await t.call('POST', resync, tokens.reader)).status).toBe(404)
    expect((await t.call('POST', resync, tokens.publisher)).status).toBe(204)
    await eventually(async () => expect(await statuses()).toContainEqual({ version: '3.0.0', status: 'ok' }))
    await t.call('POST', '/api/v2/organizations/acme/registry-modules', tokens.publisher, moduleBody({ name: 'plain', provider: 'aws' }))
    expect(
      (await t.call('POST', '/api/v2/organizations/acme/registry-modules/private/acme/plain/aws/actions/resync', tokens.publisher)).status,
    ).toBe(422)
  })
})
