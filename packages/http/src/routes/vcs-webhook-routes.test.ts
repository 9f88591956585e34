import { beforeEach, describe, expect, it } from 'vitest'
import { json, type SingleDoc } from '../test-support/documents.ts'
import { moduleOrganization } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'
import { connectGitHost, eventually, GIT_HOST, vcsBody } from '../test-support/vcs-fixtures.ts'

const VPC = '/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws'

describe('inbound VCS webhooks and the poll', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>
  let webhookUrl: string

  const versions = async () =>
    (await json<SingleDoc>(await t.call('GET', VPC, tokens.owner))).data.attributes['version-statuses'] as unknown[]
  const pushTag = (name: string, commitSha: string) =>
    t.deps.vcs.repositories.get(`${GIT_HOST}/acme/terraform-aws-vpc.git`)?.tags.push({ name, commitSha })

  beforeEach(async () => {
    t = await testApp()
    tokens = await moduleOrganization(t)
    const tokenId = await connectGitHost(t, tokens.owner)
    t.deps.vcs.serve(`${GIT_HOST}/acme/terraform-aws-vpc.git`, {
      tags: [{ name: 'v1.0.0', commitSha: 'a1' }],
      trees: { a1: 'tree', b2: 'tree' },
    })
    const published = await t.call(
      'POST',
      '/api/v2/organizations/acme/registry-modules/vcs',
      tokens.publisher,
      vcsBody({ identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': tokenId }),
    )
    webhookUrl = ((await json<SingleDoc>(published)).data.attributes['vcs-repo'] as { 'webhook-url': string })['webhook-url']
    await eventually(async () => expect(await versions()).toHaveLength(1))
  })

  it("shows the absolute webhook URL, a per-module UUID on the server's address, to those who manage modules only", async () => {
    expect(webhookUrl).toMatch(/^http:\/\/localhost\/webhooks\/vcs\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    const read = await json<SingleDoc>(await t.call('GET', VPC, tokens.reader))
    expect(read.data.attributes['vcs-repo']).toMatchObject({ 'webhook-url': null })
  })

  const storedModule = () =>
    t.deps.unitOfWork.read(({ registryModules }) =>
      registryModules.findByAddress('acme', { registryName: 'private', namespace: 'acme', name: 'vpc', provider: 'aws' }),
    )
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1)

  it('stores the token only sealed and digested, never in clear; the URL shown again is the same and works', async () => {
    const module = await storedModule()
    // The digest is the token hasher's (one-way SHA-256 in production; the fake one here is readable).
    expect(module?.vcsRepo?.webhook?.tokenDigest).toBe(t.deps.hasher.hash(tokenOf(webhookUrl)))
    const stored = JSON.stringify({
      ...module,
      vcsRepo: { ...module?.vcsRepo, webhook: { ...module?.vcsRepo?.webhook, tokenDigest: 'one-way' } },
    })
    expect(stored).toContain('sealed')
    expect(stored).not.toContain(tokenOf(webhookUrl))
    const again = await json<SingleDoc>(await t.call('GET', VPC, tokens.owner))
    expect((again.data.attributes['vcs-repo'] as { 'webhook-url': string })['webhook-url']).toBe(webhookUrl)
    expect((await t.app.request(webhookUrl, { method: 'POST' })).status).toBe(202)
  })

  it('a module without a webhook token (dropped by an upgrade) shows none until a resync issues a new one', async () => {
    const module = await storedModule()
    const vcsRepo = module?.vcsRepo
    if (module === undefined || vcsRepo == null) throw new Error('the module is not from VCS')
    await t.deps.unitOfWork.run(({ registryModules }) => registryModules.update({ ...module, vcsRepo: { ...vcsRepo, webhook: null } }))
    const urlOf = async () =>
      ((await json<SingleDoc>(await t.call('GET', VPC, tokens.owner))).data.attributes['vcs-repo'] as { 'webhook-url': string | null })[
        'webhook-url'
      ]
    expect(await urlOf()).toBeNull()
    expect((await t.app.request(webhookUrl, { method: 'POST' })).status).toBe(404)
    expect((await t.call('POST', `${VPC}/actions/resync`, tokens.publisher)).status).toBe(204)
    const issued = await urlOf()
    expect(issued).toMatch(/\/webhooks\/vcs\/[0-9a-f-]{36}$/)
    expect(issued).not.toBe(webhookUrl)
    expect((await t.app.request(issued ?? '', { method: 'POST' })).status).toBe(202)
  })

  it('202: a push to the webhook, without credentials, syncs the new tag', async () => {
    pushTag('v1.1.0', 'b2')
    const response = await t.app.request(webhookUrl, { method: 'POST', body: '{"ref":"refs/tags/v1.1.0"}' })
    expect(response.status).toBe(202)
    await eventually(async () => expect(await versions()).toContainEqual({ version: '1.1.0', status: 'ok' }))
  })

  it('404 for a forged or altered token, and nothing queued', async () => {
    pushTag('v1.1.0', 'b2')
    const altered = `${webhookUrl.slice(0, -1)}${webhookUrl.endsWith('0') ? '1' : '0'}`
    for (const path of [`${webhookUrl}x`, '/webhooks/vcs/forged', altered]) {
      const response = await t.app.request(path, { method: 'POST' })
      expect(response.status, path).toBe(404)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await versions()).toHaveLength(1)
  })

  it('builds the webhook URL on the configured base URL, and it works', async () => {
    const behindProxy = await testApp({ baseUrl: new URL('https://registry.example.com') })
    const owner = await moduleOrganization(behindProxy)
    const connection = await connectGitHost(behindProxy, owner.owner)
    behindProxy.deps.vcs.serve(`${GIT_HOST}/acme/terraform-aws-vpc.git`, {
      tags: [{ name: 'v1.0.0', commitSha: 'a1' }],
      trees: { a1: 'tree' },
    })
    const body = vcsBody({ identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': connection })
    const { data } = await json<SingleDoc>(
      await behindProxy.call('POST', '/api/v2/organizations/acme/registry-modules/vcs', owner.publisher, body),
    )
    const url = (data.attributes['vcs-repo'] as { 'webhook-url': string })['webhook-url']
    expect(url).toMatch(/^https:\/\/registry\.example\.com\/webhooks\/vcs\/[0-9a-f-]{36}$/)
    expect((await behindProxy.app.request(new URL(url).pathname, { method: 'POST' })).status).toBe(202)
  })

  it('the poll syncs every VCS module, and a sync of a known tag adds nothing and clones nothing again', async () => {
    pushTag('v1.1.0', 'b2')
    await t.useCases.pollVcsModules.execute()
    await eventually(async () => expect(await versions()).toHaveLength(2))
    await t.useCases.pollVcsModules.execute()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await versions()).toHaveLength(2)
    expect(t.deps.vcs.archived).toEqual(['a1:', 'b2:'])
  })
})
