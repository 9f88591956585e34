import { GitRepository, hostileGit, startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { testConfig } from './test-support/test-config.ts'
import { userToken } from './test-support/cli.ts'
import { VcsPublishingApi } from './test-support/vcs-publishing-api.ts'
import { createVcsPublishingRepositories, type VcsPublishingRepositories } from './test-support/vcs-publishing-repositories.ts'

const JSON_API = 'application/vnd.api+json'
const CREDENTIAL = { username: 'x-access-token', password: 'ghp-cairn-vcs-test-credential' }
const MODULES = '/api/v2/organizations/acme/registry-modules'

/**
 * Spec §4.1's VCS rows through the real server (PGlite, pg-boss, isomorphic-git, the tar/HCL
 * analyser) against `git http-backend` serving repositories built with real git.
 */
describe('publishing from VCS, end to end', { timeout: 60_000 }, () => {
  const base = mkdtempSync(join(tmpdir(), 'cairn-vcs-'))
  const dataDir = join(base, 'data')
  const gitRoot = join(base, 'git')
  const env = { CAIRN_DATA_DIR: dataDir, PORT: '0', CAIRN_VCS_POLL_INTERVAL_SECONDS: '0', CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1' }
  let git: GitHttpServer
  let server: RunningServer
  let token: string
  let outsiderToken: string
  let tokenId: string
  let repositories: VcsPublishingRepositories
  let publishing: VcsPublishingApi

  beforeAll(async () => {
    git = await startGitHttpServer(gitRoot, CREDENTIAL)
    repositories = createVcsPublishingRepositories(gitRoot)
    token = await userToken(env, 'owner', true)
    outsiderToken = await userToken(env, 'outsider')
    server = await startServer(testConfig(env))
    publishing = new VcsPublishingApi(server.url, token)
    await api('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } } })
    tokenId = await publishing.connect(git.url, CREDENTIAL.password)
  }, 60_000)

  afterAll(async () => {
    await server.stop()
    await git.close()
  })

  const api = (method: string, path: string, body?: unknown) => publishing.api(method, path, body)

  it('201 tag-based: v-prefixed and plain semver tags become versions, a non-semver tag none, an invalid tree fails only its version', async () => {
    const { status, body } = await publishing.publish({ identifier: 'acme/terraform-aws-vpc' })
    expect(status).toBe(201)
    expect(body.data.attributes).toMatchObject({ name: 'vpc', provider: 'aws', 'publishing-mechanism': 'git_tag' })
    const statuses = (await publishing.statusesOf('vpc', 'aws', 3)) as { version: string }[]
    expect(statuses.sort((a, b) => a.version.localeCompare(b.version))).toEqual([
      { version: '1.0.0', status: 'ok' },
      { version: '1.1.0', status: 'reg_ingress_failed', error: expect.stringContaining('main.tf') },
      { version: '1.2.0', status: 'ok' },
    ])
    const detail = await fetch(`${server.url}/api/registry/v1/modules/acme/vpc/aws/1.0.0`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(((await detail.json()) as { root: { inputs: { name: string }[] } }).root.inputs.map((input) => input.name)).toEqual(['cidr'])
  })

  it('the credential is nowhere in the data directory: sealed in the database, never returned', async () => {
    const files = readdirSync(dataDir, { recursive: true })
      .map((name) => join(dataDir, String(name)))
      .filter((path) => statSync(path).isFile())
    expect(files.length).toBeGreaterThan(0)
    const secret = Buffer.from(CREDENTIAL.password)
    expect(files.filter((path) => readFileSync(path).includes(secret))).toEqual([])
    const { body } = await api('GET', '/api/v2/organizations/acme/oauth-clients')
    expect(JSON.stringify(body)).not.toContain(CREDENTIAL.password)
  })

  it('201 monorepo: two modules of one repository from their source directories and tag prefixes', async () => {
    for (const name of ['dns', 'net']) {
      const prefix = name === 'dns' ? 'dns/' : 'vpc/'
      const directory = name === 'dns' ? 'modules/dns' : 'modules/vpc'
      expect(
        (
          await publishing.publish(
            { identifier: 'acme/infra', 'source-directory': directory, 'tag-prefix': prefix },
            { name, provider: 'aws' },
          )
        ).status,
      ).toBe(201)
    }
    expect(await publishing.statusesOf('dns', 'aws', 1)).toEqual([{ version: '3.0.0', status: 'ok' }])
    expect(await publishing.statusesOf('net', 'aws', 1)).toEqual([{ version: '0.9.0', status: 'ok' }])
  })

  it('201 branch-based: the branch head is the initial version; create-version takes a commit-sha', async () => {
    const { status, body } = await publishing.publish(
      { identifier: 'acme/infra', branch: 'main', 'source-directory': 'modules/dns' },
      { name: 'zone', provider: 'aws', 'initial-version': '1.0.0' },
    )
    expect(status).toBe(201)
    expect(body.data.attributes).toMatchObject({ 'publishing-mechanism': 'branch', 'vcs-repo': { branch: 'main', tags: false } })
    expect(await publishing.statusesOf('zone', 'aws', 1)).toEqual([{ version: '1.0.0', status: 'ok' }])
    const created = await api('POST', `${MODULES}/private/acme/zone/aws/versions`, {
      data: { type: 'registry-module-versions', attributes: { version: '1.1.0', 'commit-sha': repositories.infraCommit } },
    })
    expect(created.status).toBe(201)
    expect(await publishing.statusesOf('zone', 'aws', 2)).toContainEqual({ version: '1.1.0', status: 'ok' })
  })

  it("201 deprecated POST /registry-modules: the organization is the connection's, with Deprecation and Link", async () => {
    const response = await publishing.publish(
      { identifier: 'acme/terraform-aws-vpc', 'display-identifier': 'acme/terraform-aws-vpc' },
      { name: 'legacy', provider: 'aws' },
      '/api/v2/registry-modules',
    )
    expect(response.status).toBe(201)
    expect(response.headers.get('Deprecation')).toBe('true')
    expect(response.headers.get('Link')).toContain('successor-version')
    expect(await publishing.statusesOf('legacy', 'aws', 3)).toHaveLength(3)
  })

  it('PATCH switches between tags and a branch', async () => {
    const toBranch = await api('PATCH', `${MODULES}/private/acme/legacy/aws`, {
      data: { type: 'registry-modules', attributes: { 'vcs-repo': { branch: 'main' } } },
    })
    expect(toBranch.body.data.attributes).toMatchObject({ 'publishing-mechanism': 'branch' })
    const toTags = await api('PATCH', `${MODULES}/private/acme/legacy/aws/`, {
      data: { type: 'registry-modules', attributes: { 'vcs-repo': { tags: true } } },
    })
    expect(toTags.body.data.attributes).toMatchObject({ 'publishing-mechanism': 'git_tag', 'vcs-repo': { branch: '', tags: true } })
  })

  it('422 for a malformed body, nothing created', async () => {
    for (const vcsRepo of [
      {},
      { identifier: 'acme' },
      { identifier: 'acme/terraform-aws-vpc', 'github-app-installation-id': 'ghain-1' },
      { identifier: 'acme/vpc' },
    ]) {
      expect((await publishing.publish(vcsRepo)).status).toBe(422)
    }
  })

  it('404 for a user without the manage-modules permission', async () => {
    const stranger = await fetch(`${server.url}${MODULES}/vcs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${outsiderToken}`, 'Content-Type': JSON_API },
      body: JSON.stringify({
        data: {
          type: 'registry-modules',
          attributes: { name: 'x', provider: 'aws', 'vcs-repo': { identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': tokenId } },
        },
      }),
    })
    expect(stranger.status).toBe(404)
    expect((await api('GET', `${MODULES}/private/acme/x/aws`)).status).toBe(404)
  })

  it('422 on the connection for a wrong credential; 422 on the identifier for a repository the host does not have', async () => {
    const wrong = await publishing.publish({ identifier: 'acme/terraform-aws-gone' })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors?.[0]?.source?.pointer).toBe('/data/attributes/vcs-repo/identifier')
    const client = await publishing.connectionOf(tokenId)
    await api('PATCH', `/api/v2/oauth-clients/${client.id}`, {
      data: { type: 'oauth-clients', attributes: { 'oauth-token-string': 'revoked' } },
    })
    const refused = await publishing.publish({ identifier: 'acme/terraform-aws-vpc' }, { name: 'refused', provider: 'aws' })
    expect(refused.status).toBe(422)
    expect(refused.body.errors?.[0]?.source?.pointer).toBe('/data/attributes/vcs-repo/oauth-token-id')
    await api('PATCH', `/api/v2/oauth-clients/${client.id}`, {
      data: { type: 'oauth-clients', attributes: { 'oauth-token-string': CREDENTIAL.password } },
    })
  })

  it('503 when the git host cannot be reached', async () => {
    const client = await publishing.connectionOf(tokenId)
    // Another host (here another port) takes the credential again: it is never sent where it was not given.
    const moveTo = (httpUrl: string) =>
      api('PATCH', `/api/v2/oauth-clients/${client.id}`, {
        data: { type: 'oauth-clients', attributes: { 'http-url': httpUrl, 'oauth-token-string': CREDENTIAL.password } },
      })
    expect((await moveTo('http://127.0.0.1:9')).status).toBe(200)
    const response = await publishing.publish({ identifier: 'acme/terraform-aws-vpc' }, { name: 'unreachable', provider: 'aws' })
    expect((await moveTo(git.url)).status).toBe(200)
    expect(response.status).toBe(503)
  })

  it('a repository that disappears: a version created from it fails clone_failed with the reason', async () => {
    const gone = GitRepository.create(gitRoot, 'acme/terraform-aws-gone-soon')
    const sha = gone.commit({ 'main.tf': 'variable "a" {}\n' })
    expect((await publishing.publish({ identifier: 'acme/terraform-aws-gone-soon', branch: 'main' })).status).toBe(201)
    expect(await publishing.statusesOf('gone-soon', 'aws', 1)).toEqual([{ version: '0.0.0', status: 'ok' }])
    gone.remove()
    await api('POST', `${MODULES}/private/acme/gone-soon/aws/versions`, {
      data: { type: 'registry-module-versions', attributes: { version: '0.1.0', 'commit-sha': sha } },
    })
    const statuses = await publishing.statusesOf('gone-soon', 'aws', 2)
    expect(statuses).toContainEqual({ version: '0.1.0', status: 'clone_failed', error: expect.stringContaining('no repository') })
  })

  it('a hostile tree fails only its version: a name given twice through a link writes nothing, a tree bomb stops at the entry limit', async () => {
    const outside = mkdtempSync(join(base, 'outside-'))
    const hostile = GitRepository.create(gitRoot, 'acme/terraform-aws-hostile')
    hostileGit.linkThenFile(hostile, join(outside, 'dropped'))
    hostile.tag('v1.0.0')
    hostileGit.treeBomb(hostile)
    hostile.tag('v1.1.0')
    expect((await publishing.publish({ identifier: 'acme/terraform-aws-hostile' })).status).toBe(201)
    const statuses = (await publishing.statusesOf('hostile', 'aws', 2)) as { version: string }[]
    expect(statuses.sort((a, b) => a.version.localeCompare(b.version))).toEqual([
      { version: '1.0.0', status: 'reg_ingress_failed', error: 'holds `x` twice' },
      { version: '1.1.0', status: 'reg_ingress_failed', error: 'holds more than 10000 entries' },
    ])
    expect(readdirSync(outside)).toEqual([])
  })

  it("webhook: a forged token is 404 and queues nothing; the module's own URL syncs a pushed tag", async () => {
    const { body } = await api('GET', `${MODULES}/private/acme/dns/aws`)
    const webhook = (body.data.attributes['vcs-repo'] as { 'webhook-url': string })['webhook-url']
    repositories.infra.commit({ 'modules/dns/main.tf': 'variable "zone" {}\nvariable "ttl" {}\n' })
    repositories.infra.tag('dns/v3.1.0')
    expect(webhook).toMatch(new RegExp(`^${server.url}/webhooks/vcs/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`))
    // Sealed and digested in the database, as the connection's credential: a copy of the data directory does not give it away.
    const files = readdirSync(dataDir, { recursive: true })
      .map((name) => join(dataDir, String(name)))
      .filter((path) => statSync(path).isFile())
    const secret = Buffer.from(webhook.slice(webhook.lastIndexOf('/') + 1))
    expect(files.filter((path) => readFileSync(path).includes(secret))).toEqual([])
    expect((await fetch(`${webhook}x`, { method: 'POST' })).status).toBe(404)
    expect((await fetch(`${server.url}/webhooks/vcs/forged.token`, { method: 'POST' })).status).toBe(404)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await publishing.statusesOf('dns', 'aws')).toHaveLength(1)
    expect((await fetch(webhook, { method: 'POST', body: '{}' })).status).toBe(202)
    expect(await publishing.statusesOf('dns', 'aws', 2)).toContainEqual({ version: '3.1.0', status: 'ok' })
  })

  it('commits: the default branch of a tag-based module from git, newest first; 404 for a module not from VCS', async () => {
    const { status, body } = await api('GET', `${MODULES}/private/acme/vpc/aws/commits?page[size]=2`)
    expect(status).toBe(200)
    const list = body as unknown as {
      data: { id: string; type: string; attributes: Record<string, unknown> }[]
      meta: { pagination: Record<string, number> }
    }
    expect(list.data).toHaveLength(2)
    expect(list.meta.pagination).toMatchObject({ 'total-count': 3, 'total-pages': 2 })
    expect(list.data[0]).toMatchObject({
      type: 'commit',
      attributes: {
        message: 'change',
        author: 'Fixture',
        url: expect.stringMatching(new RegExp(`^${git.url}/acme/terraform-aws-vpc/commit/[0-9a-f]{40}$`)) as unknown,
      },
    })
    expect(list.data[0]?.attributes['sha']).toBe(list.data[0]?.id)
    expect(new Date(String(list.data[0]?.attributes['date'])).getTime()).toBeGreaterThan(Date.UTC(2020, 0, 1))
    await api('POST', MODULES, { data: { type: 'registry-modules', attributes: { name: 'plain', provider: 'aws' } } })
    expect((await api('GET', `${MODULES}/private/acme/plain/aws/commits`)).status).toBe(404)
  })
})
