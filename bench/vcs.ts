import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixtureModule, GitRepository, startGitHttpServer } from '../test-fixtures/src/index.ts'
import type { Archive } from './archives.ts'
import { createModule, ORGANIZATION, publishVersion } from './cairn-api.ts'
import { expectJson, send } from './http-client.ts'
import { readProcMemory, resetPeak } from './proc-memory.ts'
import type { CairnProcess } from './processes.ts'
import { progress } from './report.ts'
import { round, summarize, type Summary } from './stats.ts'

const CREDENTIAL = { username: 'x-access-token', password: 'bench-vcs-credential' }
const INGEST_TIMEOUT_MS = 600_000

export interface VcsResult {
  readonly tags: number
  /** From the publish request until every version read `ok`. */
  readonly wallMs: number
  readonly perTagMs: number
  readonly baselineRss: number
  /** The server's peak resident set size while the tags were ingested (VmHWM after a reset). */
  readonly peakRss: number
  readonly peakFromKernel: boolean
  /** The same module through the upload path: POST …/versions, PUT, read until `ok`. */
  readonly upload: Summary
  /** Per-tag ingest time over the upload path's median. */
  readonly perTagOverUpload: number
}

interface Resource {
  readonly data: { readonly attributes: Record<string, unknown>; readonly relationships?: Record<string, { data: { id: string }[] }> }
}

/** A git host on loopback serving a repository of `tags` semver tags; built before Cairn starts. */
export async function gitHostWithTags(tags: number): Promise<{ readonly url: string; close(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'cairn-bench-git-'))
  progress(`building a repository with ${tags} tags`)
  repositoryWithTags(root, tags)
  const git = await startGitHttpServer(root, CREDENTIAL)
  return {
    url: git.url,
    async close() {
      await git.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** A repository whose `tags` commits each change the `network` fixture a little, one semver tag each. */
function repositoryWithTags(root: string, tags: number): void {
  const repository = GitRepository.create(root, `${ORGANIZATION}/terraform-aws-network`)
  const module = fixtureModule('network')
  const files: Record<string, string> = {}
  for (const path of readdirSync(module, { recursive: true, encoding: 'utf8' })) {
    if (statSync(join(module, path)).isFile()) files[path] = readFileSync(join(module, path), 'utf8')
  }
  for (let i = 0; i < tags; i++) {
    repository.commit({ ...files, 'version.tf': `locals {\n  release = ${i}\n}\n` })
    repository.tag(`v1.${i}.0`)
  }
}

/**
 * Publishes the repository of `git` (`tags` semver tags, see `gitHostWithTags`) and waits until
 * every version is ingested; then publishes the same module `uploadRuns` times through the upload
 * path, for the ratio.
 */
export async function benchVcs(
  server: CairnProcess,
  git: { readonly url: string },
  plan: { readonly typical: Archive; readonly tags: number; readonly uploadRuns: number },
): Promise<VcsResult> {
  const typical = plan.typical
  const client = expectJson<Resource>(
    await send('POST', `${server.url}/api/v2/organizations/${ORGANIZATION}/oauth-clients`, {
      token: server.token,
      json: {
        data: {
          type: 'oauth-clients',
          attributes: { 'service-provider': 'github', 'http-url': git.url, 'oauth-token-string': CREDENTIAL.password },
        },
      },
    }),
    201,
    'create the VCS connection',
  )
  const tokenId = client.data.relationships?.['oauth-tokens']?.data[0]?.id ?? ''
  const baselineRss = readProcMemory(server.pid).rss
  const peakFromKernel = resetPeak(server.pid)
  const start = performance.now()
  expectJson(
    await send('POST', `${server.url}/api/v2/organizations/${ORGANIZATION}/registry-modules/vcs`, {
      token: server.token,
      json: {
        data: {
          type: 'registry-modules',
          attributes: { 'vcs-repo': { identifier: `${ORGANIZATION}/terraform-aws-network`, 'oauth-token-id': tokenId } },
        },
      },
    }),
    201,
    'publish from VCS',
  )
  let sampledPeak = baselineRss
  for (let done = 0; done < plan.tags;) {
    if (performance.now() - start > INGEST_TIMEOUT_MS) throw new Error(`only ${done} of ${plan.tags} tags ingested in time`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    sampledPeak = Math.max(sampledPeak, readProcMemory(server.pid).rss)
    const module = expectJson<Resource>(
      await send('GET', `${server.url}/api/v2/organizations/${ORGANIZATION}/registry-modules/private/${ORGANIZATION}/network/aws`, {
        token: server.token,
      }),
      200,
      'read the module',
    )
    const statuses = module.data.attributes['version-statuses'] as { status: string; error?: string }[]
    const failed = statuses.find((status) => status.status.endsWith('failed'))
    if (failed !== undefined) throw new Error(`a version failed: ${JSON.stringify(failed)}`)
    const now = statuses.filter((status) => status.status === 'ok').length
    if (now !== done) progress(`vcs: ${now}/${plan.tags} tags ok`)
    done = now
  }
  const wallMs = performance.now() - start
  const peakRss = peakFromKernel ? readProcMemory(server.pid).hwm : sampledPeak
  progress('the same module through the upload path')
  const modulePath = await createModule(server, 'uploaded')
  await publishVersion(server, modulePath, '0.0.1', typical.bytes)
  const uploads = []
  for (let i = 0; i < plan.uploadRuns; i++) uploads.push((await publishVersion(server, modulePath, `1.0.${i}`, typical.bytes)).totalMs)
  const upload = summarize(uploads)
  const perTagMs = wallMs / plan.tags
  return {
    tags: plan.tags,
    wallMs: round(wallMs),
    perTagMs: round(perTagMs),
    baselineRss,
    peakRss,
    peakFromKernel,
    upload,
    perTagOverUpload: round(perTagMs / upload.median),
  }
}
