import { scratchDatabase } from '@cairn/persistence/testing'
import { GitRepository, startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { userToken } from './test-support/cli.ts'
import { jsonApiClient, type JsonApiAnswer } from './test-support/json-api-client.ts'
import { testConfig } from './test-support/test-config.ts'

const PAT = 'ghp-the-owners-personal-access-token'
const CREDENTIAL = { username: 'x-access-token', password: PAT }
const MODULES = '/api/v2/organizations/acme/registry-modules'

interface Resource {
  id: string
  attributes: Record<string, unknown>
  relationships?: Record<string, { data: { id: string }[] }>
}

interface Doc {
  data: Resource
  errors?: { status: string; source?: { pointer?: string }; detail?: string }[]
}

/** The resources of a list document. */
const listed = (doc: Doc): Resource[] => doc.data as unknown as Resource[]

/** A host that asks every client for credentials and records what it was sent: the finding's attacker. */
async function startCredentialRecorder(): Promise<{
  url: string
  passwords: () => string[]
  requests: () => number
  close: () => Promise<void>
}> {
  const authorizations: (string | undefined)[] = []
  const server: Server = createServer((request, response) => {
    authorizations.push(request.headers.authorization)
    response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => authorizations.length,
    passwords: () =>
      authorizations.flatMap((header) => {
        const basic = /^Basic (.+)$/i.exec(header ?? '')?.[1]
        return basic === undefined ? [] : [Buffer.from(basic, 'base64').toString().split(':').slice(1).join(':')]
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Issue 30, finding 5, through the real server on PostgreSQL, real git over loopback and AES-GCM:
 * an owners-team token re-points a VCS connection's `http-url` at a host of its choosing. The
 * credential given for the first host must never reach it, whether the address changes through
 * the API or in the database alone; the audit log shows the change, its addresses and its actor.
 */
describe('a VCS credential stays with the host it was given for', { timeout: 60_000 }, () => {
  const base = mkdtempSync(join(tmpdir(), 'cairn-vcs-credential-'))
  let database: Awaited<ReturnType<typeof scratchDatabase>>
  let git: GitHttpServer
  let attacker: Awaited<ReturnType<typeof startCredentialRecorder>>
  let server: RunningServer
  let admin: string
  let ownersTeam: { id: string; bearer: string }
  let connection: { id: string; tokenId: string }

  beforeAll(async () => {
    database = await scratchDatabase()
    git = await startGitHttpServer(join(base, 'git'), CREDENTIAL)
    attacker = await startCredentialRecorder()
    for (const name of ['acme/terraform-aws-vpc', 'acme/terraform-aws-dns', 'acme/terraform-aws-sub']) {
      const repository = GitRepository.create(join(base, 'git'), name)
      repository.commit({ 'main.tf': 'variable "cidr" {\n  type = string\n}\n' })
      repository.tag('v1.0.0')
    }
    const env = {
      DATABASE_URL: database.url,
      CAIRN_DATA_DIR: join(base, 'data'),
      PORT: '0',
      CAIRN_VCS_POLL_INTERVAL_SECONDS: '0',
      // Both git hosts of this test are on loopback, which the server otherwise refuses to reach.
      CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1',
    }
    admin = await userToken(env, 'owner', true)
    server = await startServer(testConfig(env))
    await api('POST', '/api/v2/organizations', admin, {
      data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } },
    })
    const client = await api('POST', '/api/v2/organizations/acme/oauth-clients', admin, {
      data: {
        type: 'oauth-clients',
        attributes: { 'service-provider': 'github', 'http-url': git.url, 'oauth-token-string': PAT, name: 'github' },
      },
    })
    expect(client.status).toBe(201)
    connection = { id: client.body.data.id, tokenId: client.body.data.relationships?.['oauth-tokens']?.data[0]?.id ?? '' }
    const teams = await api('GET', '/api/v2/organizations/acme/teams', admin)
    const owners = listed(teams.body).find((team) => team.attributes['name'] === 'owners')
    const token = await api('POST', `/api/v2/teams/${owners?.id ?? ''}/authentication-token`, admin)
    ownersTeam = { id: token.body.data.id, bearer: String(token.body.data.attributes['token']) }
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await Promise.all([git?.close(), attacker?.close()])
    await database?.drop()
  })

  /** A JSON:API request with `token` as the bearer. */
  function api(method: string, path: string, token: string, body?: unknown): Promise<JsonApiAnswer<Doc>> {
    return jsonApiClient<Doc>(
      () => server.url,
      () => token,
    )(method, path, body)
  }

  const moveTo = (attributes: Record<string, unknown>) =>
    api('PATCH', `/api/v2/oauth-clients/${connection.id}`, ownersTeam.bearer, { data: { type: 'oauth-clients', attributes } })
  const publish = (identifier: string) =>
    api('POST', `${MODULES}/vcs`, ownersTeam.bearer, {
      data: { type: 'registry-modules', attributes: { 'vcs-repo': { identifier, 'oauth-token-id': connection.tokenId } } },
    })

  it('422 naming oauth-token-string: an owners-team token moves http-url to its own host without a credential; publishing still reads the first host, and the other hears nothing', async () => {
    const moved = await moveTo({ 'http-url': attacker.url })
    expect(moved.status).toBe(422)
    expect(moved.body.errors?.map((error) => error.source?.pointer)).toEqual(['/data/attributes/oauth-token-string'])
    expect((await publish('acme/terraform-aws-vpc')).status).toBe(201)
    await vi.waitFor(
      async () => {
        const { body } = await api('GET', `${MODULES}/private/acme/vpc/aws`, admin)
        expect(body.data.attributes['version-statuses']).toEqual([{ version: '1.0.0', status: 'ok' }])
      },
      { timeout: 30_000, interval: 200 },
    )
    expect(attacker.requests()).toBe(0)
  })

  it('an address changed in the database alone does not carry the credential: the seal is bound to the host', async () => {
    await database.execute(`update "vcs_connections" set "http_url" = '${attacker.url}' where "id" = '${connection.id}'`)
    const refused = await publish('acme/terraform-aws-dns')
    expect(refused.status).toBe(503)
    expect(JSON.stringify(refused.body)).not.toContain(PAT)
    expect(attacker.passwords()).not.toContain(PAT)
    expect(attacker.requests()).toBe(0)
    await database.execute(`update "vcs_connections" set "http_url" = '${git.url}' where "id" = '${connection.id}'`)
    expect((await publish('acme/terraform-aws-dns')).status).toBe(201)
  })

  it('a new host takes only a new credential: the PAT never reaches it; the audit log shows both addresses and the team token that moved it', async () => {
    const moved = await moveTo({ 'http-url': attacker.url, 'oauth-token-string': 'attacker-chosen' })
    expect(moved.status).toBe(200)
    // In the request, and in the background (a resync of a module already published through the connection).
    expect((await publish('acme/terraform-aws-sub')).status).toBe(422)
    const before = attacker.requests()
    expect((await api('POST', `${MODULES}/private/acme/vpc/aws/actions/resync`, admin)).status).toBe(204)
    await vi.waitFor(() => expect(attacker.requests()).toBeGreaterThan(before), { timeout: 30_000, interval: 200 })
    expect(attacker.passwords()).toContain('attacker-chosen')
    expect(attacker.passwords()).not.toContain(PAT)

    const audit = await api('GET', '/api/v2/admin/audit-events?page[size]=100', admin)
    expect(JSON.stringify(audit.body)).not.toContain(PAT)
    const updates = listed(audit.body)
      .filter((event) => event.attributes['action'] === 'vcs_connection.updated')
      .map((event) => event.attributes)
    expect(updates).toEqual([
      expect.objectContaining({
        'actor-kind': 'team',
        'actor-token-id': ownersTeam.id,
        'target-id': connection.id,
        'target-name': 'github',
        'organization-name': 'acme',
        changes: [
          { attribute: 'http-url', from: git.url, to: attacker.url },
          { attribute: 'oauth-token-string', from: null, to: null },
        ],
      }),
    ])
  })
})
