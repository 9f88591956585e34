import { githubAppRemote, isCairnError } from '@cairn/core'
import { DEFAULT_ARCHIVE_LIMITS } from '@cairn/module-analyzer'
import {
  createTestGithubApp,
  GitRepository,
  startGithubApiServer,
  startGitHttpServer,
  type GitHttpServer,
  type GithubApiServer,
} from '@cairn/test-fixtures'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GithubAppClient } from './github-app-client.ts'
import { IsomorphicGitVcsClient } from './isomorphic-git-vcs-client.ts'

const INSTALLATION = 31_337

/**
 * The GitHub App adapter against a stand-in GitHub API that verifies its JWTs, and `git
 * http-backend` accepting only the installation tokens that API handed out and that have not expired.
 */
describe('GithubAppClient', { timeout: 30_000 }, () => {
  const app = createTestGithubApp()
  let root = ''
  let cache = ''
  let api: GithubApiServer
  let shortLived: GithubApiServer
  let git: GitHttpServer
  let vcs: IsomorphicGitVcsClient
  const minted: GithubApiServer[] = []
  const client = (
    server: GithubApiServer,
    options: { refreshBeforeExpiryMs?: number; installationsTtlMs?: number; privateKey?: string } = {},
  ) =>
    new GithubAppClient({
      appId: app.appId,
      privateKey: options.privateKey ?? app.privateKey,
      apiUrl: server.url,
      webUrl: git.url,
      ...options,
    })

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cairn-gha-root-'))
    cache = await mkdtemp(join(tmpdir(), 'cairn-gha-cache-'))
    const installations = [{ id: INSTALLATION, login: 'acme' }]
    api = await startGithubApiServer({ app, installations })
    shortLived = await startGithubApiServer({ app, installations, tokenLifetimeSeconds: 1 })
    minted.push(api, shortLived)
    git = await startGitHttpServer(root, { username: 'x-access-token', accepts: (token) => minted.some((server) => server.accepts(token)) })
    vcs = new IsomorphicGitVcsClient({ cacheDirectory: cache, archiveLimits: DEFAULT_ARCHIVE_LIMITS, allowedHosts: ['127.0.0.1'] })
    const repository = GitRepository.create(root, 'acme/terraform-aws-vpc')
    repository.commit({ 'main.tf': 'variable "cidr" {}\n' })
    repository.tag('v1.0.0')
  })

  afterAll(async () => {
    await Promise.all([api.close(), shortLived.close(), git.close()])
    await rm(root, { recursive: true, force: true })
    await rm(cache, { recursive: true, force: true })
  })

  it('lists the installations, authenticated by a JWT the API verifies', async () => {
    expect(await client(api).installations()).toEqual([
      expect.objectContaining({ id: INSTALLATION, accountLogin: 'acme', accountType: 'Organization' }),
    ])
    expect(api.refusedJwts).toBe(0)
  })

  it('asks GitHub for the list once while it is fresh, and once for callers asking together', async () => {
    const github = client(api)
    const before = api.listings
    const together = await Promise.all([github.installations(), github.installations(), github.installations()])
    expect(together.every((list) => list[0]?.id === INSTALLATION)).toBe(true)
    await github.installations()
    expect(api.listings - before).toBe(1)
    const expiring = client(api, { installationsTtlMs: 0 })
    await expiring.installations()
    await expiring.installations()
    expect(api.listings - before).toBe(3)
  })

  it('mints one token for callers asking together', async () => {
    const github = client(api)
    const before = api.minted.length
    const tokens = await Promise.all([1, 2, 3].map(() => github.installationToken(INSTALLATION)))
    expect(new Set(tokens).size).toBe(1)
    expect(api.minted.length - before).toBe(1)
  })

  it('a list refused for the app JWT is invalid (GitHub refused the credentials), and not kept', async () => {
    const before = api.listings
    const impostor = client(api, { privateKey: createTestGithubApp().privateKey })
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(impostor.installations()).rejects.toSatisfy(
        (error) => isCairnError(error, 'invalid') && /refused/.test(String((error as Error).message)),
      )
    }
    expect(api.listings - before).toBe(2)
  })

  it('reads a repository with a minted installation token, minting it once while it is valid', async () => {
    const github = client(api)
    const before = api.minted.length
    const first = await vcs.refs(await githubAppRemote(github, `ghain-${INSTALLATION}`, 'acme/terraform-aws-vpc'))
    const second = await vcs.refs(await githubAppRemote(github, `ghain-${INSTALLATION}`, 'acme/terraform-aws-vpc'))
    expect(first.tags.map((tag) => tag.name)).toEqual(['v1.0.0'])
    expect(second).toEqual(first)
    expect(api.minted.length - before).toBe(1)
  })

  it('mints a new token once the cached one has expired; git refuses the expired one', async () => {
    const github = client(shortLived, { refreshBeforeExpiryMs: 0 })
    const remote = await githubAppRemote(github, `ghain-${INSTALLATION}`, 'acme/terraform-aws-vpc')
    expect((await vcs.refs(remote)).tags).toHaveLength(1)
    await new Promise((resolve) => setTimeout(resolve, 1200))
    await expect(vcs.refs(remote)).rejects.toSatisfy((error) => isCairnError(error, 'invalid'))
    const fresh = await githubAppRemote(github, `ghain-${INSTALLATION}`, 'acme/terraform-aws-vpc')
    expect(fresh.credential?.password).not.toBe(remote.credential?.password)
    expect((await vcs.refs(fresh)).tags).toHaveLength(1)
    expect(shortLived.minted).toHaveLength(2)
  })

  it('an installation the app does not have is refused on github-app-installation-id', async () => {
    await expect(githubAppRemote(client(api), 'ghain-1', 'acme/terraform-aws-vpc')).rejects.toSatisfy(
      (error) =>
        isCairnError(error, 'invalid') &&
        error.fields[0]?.field === 'vcs-repo.github-app-installation-id' &&
        /no installation/.test(error.fields[0].message),
    )
  })

  it('a JWT signed with another key is refused by the API, and answered on github-app-installation-id', async () => {
    const refused = api.refusedJwts
    const impostor = client(api, { privateKey: createTestGithubApp().privateKey })
    await expect(githubAppRemote(impostor, `ghain-${INSTALLATION}`, 'acme/terraform-aws-vpc')).rejects.toSatisfy(
      (error) => isCairnError(error, 'invalid') && error.fields[0]?.field === 'vcs-repo.github-app-installation-id',
    )
    expect(api.refusedJwts).toBe(refused + 1)
  })

  it('an API that cannot be reached is unavailable, naming the API address and not the key', async () => {
    const down = new GithubAppClient({ appId: app.appId, privateKey: app.privateKey, apiUrl: 'http://127.0.0.1:9', webUrl: git.url })
    const error: unknown = await down.installationToken(INSTALLATION).catch((caught: unknown) => caught)
    expect(isCairnError(error, 'unavailable')).toBe(true)
    expect(String((error as Error).message)).toContain('http://127.0.0.1:9')
    expect(String((error as Error).message)).not.toContain('PRIVATE KEY')
  })
})
