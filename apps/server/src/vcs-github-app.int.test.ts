import {
  createTestGithubApp,
  GitRepository,
  startGithubApiServer,
  startGitHttpServer,
  type GitHttpServer,
  type GithubApiServer,
} from '@cairn/test-fixtures'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { userToken } from './test-support/cli.ts'
import { jsonApiClient } from './test-support/json-api-client.ts'
import { spawnServer, type ServerProcess } from './test-support/server-process.ts'

const MAIN = join(import.meta.dirname, 'cli', 'main.ts')
const MODULES = '/api/v2/organizations/acme/registry-modules'
const INSTALLATION = 52_001
const UNMINTED_INSTALLATION = 52_002

interface Doc {
  data: { id: string; attributes: Record<string, unknown> }[] & { id: string; attributes: Record<string, unknown> }
  errors?: { status: string; source?: { pointer?: string }; detail?: string }[]
}

/**
 * Publishing through the site's GitHub App, end to end: a server process configured with the
 * app's id and key file, a stand-in GitHub API that verifies the app's JWTs and mints short-lived
 * installation tokens, and `git http-backend` accepting only those tokens while they are valid.
 */
describe('publishing from VCS through a GitHub App installation', { timeout: 90_000 }, () => {
  const app = createTestGithubApp()
  const base = mkdtempSync(join(tmpdir(), 'cairn-gha-'))
  const gitRoot = join(base, 'git')
  let api: GithubApiServer
  let git: GitHttpServer
  let server: ServerProcess
  let token: string
  let vpc: GitRepository

  beforeAll(async () => {
    // Cairn replaces a token 5 minutes before it expires: these are stale a second after minting.
    const installations = [
      { id: INSTALLATION, login: 'acme' },
      { id: UNMINTED_INSTALLATION, login: 'other' },
    ]
    api = await startGithubApiServer({ app, installations, tokenLifetimeSeconds: 301 })
    git = await startGitHttpServer(gitRoot, { username: 'x-access-token', accepts: (minted) => api.accepts(minted) })
    vpc = GitRepository.create(gitRoot, 'acme/terraform-aws-vpc')
    vpc.commit({ 'main.tf': 'variable "cidr" {\n  type = string\n}\n' })
    vpc.tag('v1.0.0')
    vpc.commit({ 'main.tf': 'output "id" {\n  value = "x"\n}\n' })
    vpc.tag('v1.1.0')
    const keyFile = join(base, 'app.pem')
    writeFileSync(keyFile, app.privateKey, { mode: 0o600 })
    const env = {
      CAIRN_DATA_DIR: join(base, 'data'),
      PORT: '0',
      CAIRN_LOG_LEVEL: 'debug',
      CAIRN_VCS_POLL_INTERVAL_SECONDS: '0',
      // The git host is on loopback, which the git client refuses unless allowed.
      CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1',
      CAIRN_GITHUB_APP_ID: app.appId,
      CAIRN_GITHUB_APP_PRIVATE_KEY_FILE: keyFile,
      CAIRN_GITHUB_APP_API_URL: api.url,
      CAIRN_GITHUB_APP_URL: git.url,
    }
    token = await userToken(env, 'owner', true)
    server = await spawnServer(process.execPath, [MAIN, 'serve'], { cwd: tmpdir(), env: { ...process.env, ...env } })
    await call('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } } })
  }, 90_000)

  afterAll(async () => {
    await server.stop()
    await Promise.all([api.close(), git.close()])
  })

  const call = jsonApiClient<Doc>(
    () => server.url,
    () => token,
  )

  const publish = (vcsRepo: Record<string, unknown>) =>
    call('POST', `${MODULES}/vcs`, {
      data: {
        type: 'registry-modules',
        attributes: { 'vcs-repo': { identifier: 'acme/terraform-aws-vpc', 'display-identifier': 'acme/terraform-aws-vpc', ...vcsRepo } },
      },
    })

  it('lists the installations from the GitHub API, by ghain- id', async () => {
    const { status, body } = await call('GET', '/api/v2/github-app/installations')
    expect(status).toBe(200)
    expect(body.data.map((installation) => [installation.id, installation.attributes['name']])).toEqual([
      [`ghain-${INSTALLATION}`, 'acme'],
      [`ghain-${UNMINTED_INSTALLATION}`, 'other'],
    ])
  })

  it('201 tag-based through the installation: github_app, the app web address, no oauth-token-id; the versions reach ok', async () => {
    const { status, body } = await publish({ 'github-app-installation-id': `ghain-${INSTALLATION}` })
    expect(status).toBe(201)
    expect(body.data.attributes['vcs-repo']).toMatchObject({
      'github-app-installation-id': `ghain-${INSTALLATION}`,
      'oauth-token-id': null,
      'service-provider': 'github_app',
      'repository-http-url': `${git.url}/acme/terraform-aws-vpc`,
    })
    await vi.waitFor(
      async () => {
        const { body: module } = await call('GET', `${MODULES}/private/acme/vpc/aws`)
        const statuses = module.data.attributes['version-statuses'] as { version: string }[]
        expect([...statuses].sort((x, y) => x.version.localeCompare(y.version))).toEqual([
          { version: '1.0.0', status: 'ok' },
          { version: '1.1.0', status: 'ok' },
        ])
      },
      { timeout: 30_000, interval: 250 },
    )
    expect(api.minted.length).toBeGreaterThanOrEqual(1)
    expect(api.refusedJwts).toBe(0)
  })

  it('a resync after the token went stale mints another (jobs never keep one): the new tag reaches ok', async () => {
    const before = api.minted.length
    await new Promise((resolve) => setTimeout(resolve, 1500))
    vpc.commit({ 'main.tf': 'variable "name" {}\n' })
    vpc.tag('v1.2.0')
    expect((await call('POST', `${MODULES}/private/acme/vpc/aws/actions/resync`)).status).toBe(204)
    await vi.waitFor(
      async () => {
        const { body } = await call('GET', `${MODULES}/private/acme/vpc/aws`)
        expect(body.data.attributes['version-statuses']).toContainEqual({ version: '1.2.0', status: 'ok' })
      },
      { timeout: 30_000, interval: 250 },
    )
    expect(api.minted.length).toBeGreaterThan(before)
  })

  it.each([
    ['an installation the app does not have', { 'github-app-installation-id': 'ghain-9' }, 'github-app-installation-id'],
    ['both kinds of connection', { 'github-app-installation-id': `ghain-${INSTALLATION}`, 'oauth-token-id': 'ot-x' }, 'oauth-token-id'],
    ['neither kind of connection', {}, 'oauth-token-id'],
  ])('422 for %s, naming the field', async (_, vcsRepo, field) => {
    const { status, body } = await publish(vcsRepo)
    expect(status).toBe(422)
    expect(body.errors?.map((error) => error.source?.pointer)).toContain(`/data/attributes/vcs-repo/${field}`)
  })

  it('503 when the GitHub API is down and no valid token is cached; the log holds neither the key nor a token', async () => {
    await api.close()
    const { status, body } = await publish({ 'github-app-installation-id': `ghain-${UNMINTED_INSTALLATION}` })
    expect(status).toBe(503)
    expect(body.errors?.[0]?.detail).toContain(api.url)
    // The request's line is written once the response is sent: wait for it.
    await expect.poll(() => server.log()).toContain('"status":503')
    const log = server.log()
    const keyBody = app.privateKey.split('\n').filter((line) => line !== '' && !line.startsWith('-----'))
    for (const secret of [...keyBody, ...api.minted.map((minted) => minted.token)]) expect(log).not.toContain(secret)
  })
})
