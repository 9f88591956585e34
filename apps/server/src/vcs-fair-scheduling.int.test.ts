import { GitRepository, startGitHttpServer, type GitHttpServer, type HostileHttpServer } from '@cairn/test-fixtures'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { startSlowGitHost, startStallingGitHost, type StallingGitHost } from './test-support/forwarding-git-hosts.ts'
import { testConfig } from './test-support/test-config.ts'
import { userToken } from './test-support/cli.ts'
import { jsonApiClient } from './test-support/json-api-client.ts'

const CREDENTIAL = { username: 'x-access-token', password: 'ghp-cairn-fair-scheduling-credential' }
/** The organizations whose tags keep the ingest workers busy, and how many tags each has. */
const BUSY = ['initech', 'umbrella']
const BACKLOG = 12

interface Doc {
  data: { attributes: Record<string, unknown>; relationships?: Record<string, { data: { id: string }[] }> }
}

/**
 * Finding 3 of the second security review, through the real server (PGlite, pg-boss, isomorphic-git):
 * one organization's git host answers the ref listing but then sends its pack one byte every
 * 2 s, for ever; another organization's module, on a well-behaved host, still publishes at once.
 * And two organizations with many tags each on a slow host take all the workers, yet a third's
 * one version is taken next, not after both backlogs.
 */
describe('one organization stalling its git host does not stall publishing for another', { timeout: 120_000 }, () => {
  const base = mkdtempSync(join(tmpdir(), 'cairn-fair-'))
  const gitRoot = join(base, 'git')
  const env = { CAIRN_DATA_DIR: join(base, 'data'), PORT: '0', CAIRN_VCS_POLL_INTERVAL_SECONDS: '0', CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1' }
  let git: GitHttpServer
  let stalling: StallingGitHost
  let slow: HostileHttpServer
  let server: RunningServer
  let token: string

  beforeAll(async () => {
    git = await startGitHttpServer(gitRoot, CREDENTIAL)
    const tagged = (identifier: string, tags: number) => {
      const repository = GitRepository.create(gitRoot, identifier)
      for (let n = 0; n < tags; n += 1) {
        repository.commit({ 'main.tf': `variable "v${n}" {}\n` })
        repository.tag(`v1.${n}.0`)
      }
    }
    tagged('acme/terraform-aws-slow', 6)
    for (const organization of BUSY) tagged(`${organization}/terraform-aws-queue`, BACKLOG)
    for (const organization of ['globex', 'hooli']) tagged(`${organization}/terraform-aws-dns`, 1)
    // The ref listing is the real one (so that publishing succeeds); the pack never ends.
    stalling = await startStallingGitHost(git.url)
    slow = await startSlowGitHost(git.url)
    token = await userToken(env, 'owner', true)
    server = await startServer(testConfig(env))
  }, 60_000)

  afterAll(async () => {
    await server.stop()
    await stalling.close()
    await slow.close()
    await git.close()
  }, 60_000)

  const api = jsonApiClient<Doc>(
    () => server.url,
    () => token,
  )

  /** An organization with a connection to `httpUrl`, publishing `identifier` from its tags. */
  async function publishFrom(organization: string, httpUrl: string, identifier: string): Promise<number> {
    await api('POST', '/api/v2/organizations', {
      data: { type: 'organizations', attributes: { name: organization, email: `a@${organization}.test` } },
    })
    const client = await api('POST', `/api/v2/organizations/${organization}/oauth-clients`, {
      data: {
        type: 'oauth-clients',
        attributes: { 'service-provider': 'github', 'http-url': httpUrl, 'oauth-token-string': CREDENTIAL.password },
      },
    })
    const tokenId = client.body.data.relationships?.['oauth-tokens']?.data[0]?.id ?? ''
    const published = await api('POST', `/api/v2/organizations/${organization}/registry-modules/vcs`, {
      data: { type: 'registry-modules', attributes: { 'vcs-repo': { identifier, 'oauth-token-id': tokenId } } },
    })
    return published.status
  }

  const statusesOf = async (organization: string, name: string) =>
    (await api('GET', `/api/v2/organizations/${organization}/registry-modules/private/${organization}/${name}/aws`)).body.data.attributes[
      'version-statuses'
    ]

  it("publishes the other organization's version within seconds while six clones of the first stall", async () => {
    expect(await publishFrom('acme', stalling.url, 'acme/terraform-aws-slow')).toBe(201)
    // Every worker the first organization may hold is busy with a clone that trickles (or waits for one).
    const cloning = async () =>
      ((await statusesOf('acme', 'slow')) as { status: string }[] | undefined)?.filter((version) => version.status === 'cloning') ?? []
    await vi.waitFor(async () => expect((await cloning()).length).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 100 })
    await vi.waitFor(() => expect(stalling.packs).toContain('opened 1'), { timeout: 30_000, interval: 100 })
    const queuedAt = performance.now()
    expect(await publishFrom('globex', git.url, 'globex/terraform-aws-dns')).toBe(201)
    await vi.waitFor(async () => expect(await statusesOf('globex', 'dns')).toEqual([{ version: '1.0.0', status: 'ok' }]), {
      timeout: 30_000,
      interval: 100,
    })
    const waited = performance.now() - queuedAt
    expect((await cloning()).length).toBeGreaterThanOrEqual(2)
    // Before: both ingest workers of the process held by the stalled clones, for their whole timeout (10 min).
    expect(waited).toBeLessThan(20_000)
  })

  it("ingests a third organization's one version next while two organizations' backlogs on a slow host take every worker", async () => {
    for (const organization of BUSY) expect(await publishFrom(organization, slow.url, `${organization}/terraform-aws-queue`)).toBe(201)
    const unsettled = async () => {
      const statuses = await Promise.all(
        BUSY.map(async (organization) => ((await statusesOf(organization, 'queue')) as { status: string }[] | undefined) ?? []),
      )
      return statuses.flat().filter((version) => version.status !== 'ok').length
    }
    // Both syncs have queued every version's ingestion.
    await vi.waitFor(
      async () => {
        for (const organization of BUSY) expect(await statusesOf(organization, 'queue')).toHaveLength(BACKLOG)
      },
      { timeout: 30_000, interval: 100 },
    )
    expect(await publishFrom('hooli', git.url, 'hooli/terraform-aws-dns')).toBe(201)
    await vi.waitFor(async () => expect(await statusesOf('hooli', 'dns')).toEqual([{ version: '1.0.0', status: 'ok' }]), {
      timeout: 60_000,
      interval: 100,
    })
    // Before: queued behind all 24, it ran once at most the two other workers' clones were left.
    expect(await unsettled()).toBeGreaterThanOrEqual(BACKLOG)
  })
})
