import {
  createTestGithubApp,
  GitRepository,
  startGithubApiServer,
  startGitHttpServer,
  type GitHttpServer,
  type GithubApiServer,
} from '@cairn/test-fixtures'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GO } from './cli/test-support/go-tfe-client.ts'
import { userToken } from './test-support/cli.ts'
import { buildGoTfeSuite, runGoTfeSuite } from './test-support/go-tfe-suite.ts'
import { spawnServer, type ServerProcess } from './test-support/server-process.ts'
import { makeThrowawayCa, type ThrowawayCa } from './test-support/throwaway-ca.ts'

const MAIN = join(import.meta.dirname, 'cli', 'main.ts')
const UNSHARE = '/usr/bin/unshare'
const CREDENTIAL = { username: 'x-access-token', password: 'ghp-cairn-github-host-credential' }
const JSON_API = 'application/vnd.api+json'
// A private mount namespace and port 443 on loopback: root only (docs/go-tfe-vcs.md).
const CAN_RUN = process.getuid?.() === 0 && existsSync(UNSHARE)
const IDENTIFIER = 'acme/terraform-aws-vpc'
const INSTALLATION = 61_001
// api.github.com listens on 443 too, at another loopback address than github.com's.
const API_HOST = '127.0.0.2'
/** go-tfe's VCS tests that Cairn passes; the others are on the skip list, saying what they need. */
const GO_TFE_VCS_TESTS = [
  'TestRegistryModulesCreateWithVCSConnection',
  'TestRegistryModulesListCommit',
  'TestRegistryModuleUpdateWithVCSConnection',
  'TestRegistryModulesCreateBranchBasedWithVCSConnection',
  'TestRegistryModulesCreateBranchBasedWithVCSConnectionWithTesting',
  'TestRegistryModulesCreateMonorepoBranchBasedWithVCSConnection',
  'TestRegistryModulesCreateMonorepoNonStandardName',
  'TestRegistryModulesCreateWithGithubApp',
]
const TITLE = 'publishing from "https://github.com" (and api.github.com) served locally: a private hosts file and a trusted throw-away CA'

/**
 * The environment go-tfe's own VCS tests need (docs/go-tfe-vcs.md): Cairn, in a mount namespace
 * whose /etc/hosts names github.com 127.0.0.1 and trusting a throw-away CA through
 * NODE_EXTRA_CA_CERTS, clones over HTTPS from `git http-backend` on 127.0.0.1:443 with the
 * OAuth client go-tfe creates (`http-url` https://github.com, `api-url` https://api.github.com).
 */
describe.skipIf(!CAN_RUN)(CAN_RUN ? TITLE : `${TITLE} (needs root and ${UNSHARE})`, { timeout: 60_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cairn-github-host-'))
  // github.com is 127.0.0.1 in Cairn's hosts file: allowed by name, as an operator allows an internal git host.
  const env = {
    CAIRN_DATA_DIR: join(scratch, 'data'),
    PORT: '0',
    CAIRN_VCS_POLL_INTERVAL_SECONDS: '0',
    CAIRN_VCS_ALLOWED_HOSTS: 'github.com',
  }
  let ca: ThrowawayCa
  let git: GitHttpServer
  let githubApi: GithubApiServer
  let server: ServerProcess
  let token: string
  let vpcCommit: string

  beforeAll(async () => {
    ca = await makeThrowawayCa(['github.com', 'api.github.com'])
    const tls = { cert: readFileSync(ca.certFile, 'utf8'), key: readFileSync(ca.keyFile, 'utf8'), port: 443 }
    const app = createTestGithubApp()
    githubApi = await startGithubApiServer({ app, installations: [{ id: INSTALLATION, login: 'acme' }], https: tls, host: API_HOST })
    // The OAuth client's token, or an installation token the GitHub App minted.
    git = await startGitHttpServer(
      join(scratch, 'git'),
      { username: CREDENTIAL.username, accepts: (password) => password === CREDENTIAL.password || githubApi.accepts(password) },
      tls,
    )
    const keyFile = join(scratch, 'github-app.pem')
    writeFileSync(keyFile, app.privateKey, { mode: 0o600 })
    const vpc = GitRepository.create(join(scratch, 'git'), IDENTIFIER)
    // The source directories go-tfe's monorepo tests name, so that their versions ingest too.
    const directories = [
      'src',
      'modules/nestedA',
      'modules/nestedB',
      'terraform/modules/aws/compute',
      'modules/azure-vnet',
      'modules/random-pet',
    ]
    vpcCommit = vpc.commit(
      Object.fromEntries(
        ['main.tf', ...directories.map((directory) => `${directory}/main.tf`)].map((file) => [file, 'variable "cidr" {}\n']),
      ),
    )
    vpc.tag('v1.0.0')
    const hosts = join(scratch, 'hosts')
    writeFileSync(hosts, `127.0.0.1 localhost\n127.0.0.1 github.com\n${API_HOST} api.github.com\n`)
    token = await userToken(env, 'owner', true)
    const { CAIRN_DATA_DIR: _dataDir, DATABASE_URL: _databaseUrl, ...inherited } = process.env
    // Only Cairn's process sees the private hosts file: `sh` binds it, then becomes Cairn.
    server = await spawnServer(
      UNSHARE,
      ['-m', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', hosts, process.execPath, MAIN, 'serve'],
      {
        cwd: scratch,
        // The GitHub App's API and web addresses are GitHub.com's defaults.
        env: {
          ...inherited,
          ...env,
          NODE_EXTRA_CA_CERTS: ca.caFile,
          CAIRN_GITHUB_APP_ID: app.appId,
          CAIRN_GITHUB_APP_PRIVATE_KEY_FILE: keyFile,
        },
      },
    )
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await git?.close()
    await githubApi?.close()
    await ca?.dispose()
    rmSync(scratch, { recursive: true, force: true })
  })

  async function api(method: string, path: string, body?: unknown) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSON_API },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    return {
      status: response.status,
      body: (await response.json()) as {
        data: { attributes: Record<string, unknown>; relationships?: Record<string, { data: { id: string }[] }> }
      },
    }
  }

  it('ingests a tag from https://github.com/acme/terraform-aws-vpc.git, and lists its commits', async () => {
    expect(
      (await api('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } } }))
        .status,
    ).toBe(201)
    const client = await api('POST', '/api/v2/organizations/acme/oauth-clients', {
      data: {
        type: 'oauth-clients',
        attributes: {
          'service-provider': 'github',
          'api-url': 'https://api.github.com',
          'http-url': 'https://github.com',
          'oauth-token-string': CREDENTIAL.password,
        },
      },
    })
    expect(client.status).toBe(201)
    const tokenId = client.body.data.relationships?.['oauth-tokens']?.data[0]?.id
    const created = await api('POST', '/api/v2/organizations/acme/registry-modules/vcs', {
      data: {
        type: 'registry-modules',
        attributes: { 'vcs-repo': { identifier: IDENTIFIER, 'display-identifier': IDENTIFIER, 'oauth-token-id': tokenId } },
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.data.attributes['vcs-repo']).toMatchObject({
      'repository-http-url': `https://github.com/${IDENTIFIER}`,
      'service-provider': 'github',
      'webhook-url': expect.stringMatching(new RegExp(`^${server.url}/webhooks/vcs/[0-9a-f-]{36}$`)) as unknown,
    })
    await vi.waitFor(
      async () => {
        const { body } = await api('GET', '/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws')
        expect(body.data.attributes['version-statuses']).toEqual([{ version: '1.0.0', status: 'ok' }])
      },
      { timeout: 30_000, interval: 200 },
    )
    const commits = await api('GET', '/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws/commits')
    expect(commits.status).toBe(200)
    expect(commits.body.data).toEqual([
      expect.objectContaining({
        id: vpcCommit,
        attributes: expect.objectContaining({ url: `https://github.com/${IDENTIFIER}/commit/${vpcCommit}` }) as unknown,
      }),
    ])
  })

  it.skipIf(GO === undefined)(
    `go-tfe's own VCS registry-module tests pass: ${GO_TFE_VCS_TESTS.join(', ')}`,
    { timeout: 400_000 },
    async () => {
      const suite = await buildGoTfeSuite(GO ?? 'go')
      const result = await runGoTfeSuite(suite, {
        address: server.url,
        token,
        run: `^(${GO_TFE_VCS_TESTS.join('|')})$`,
        skip: [],
        env: {
          GITHUB_REGISTRY_MODULE_IDENTIFIER: IDENTIFIER,
          OAUTH_CLIENT_GITHUB_TOKEN: CREDENTIAL.password,
          GITHUB_APP_INSTALLATION_ID: `ghain-${INSTALLATION}`,
        },
      })
      for (const name of GO_TFE_VCS_TESTS) expect(result.outcomes.get(name), `${name}\n${result.output.slice(-10_000)}`).toBe('PASS')
      expect(result.code, result.output.slice(-5_000)).toBe(0)
      // TestRegistryModulesCreateWithGithubApp read the repository with a token the app minted.
      expect(githubApi.minted.map((minted) => minted.installationId)).toContain(INSTALLATION)
    },
  )
})
