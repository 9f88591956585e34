import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { DEFAULT_ARCHIVE_LIMITS } from '@cairn/module-analyzer'
import { GitRepository, startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const MiB = 1024 * 1024
const CREDENTIAL = { username: 'cairn', password: 's3cret' }
const CHILD = join(import.meta.dirname, 'test-support', 'archive-in-child.ts')

describe('a pack that inflates to far more than it weighs, from real git over loopback', { timeout: 120_000 }, () => {
  let root = ''
  let cache = ''
  let server: GitHttpServer
  let commitSha = ''

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cairn-git-root-'))
    cache = await mkdtemp(join(tmpdir(), 'cairn-git-cache-'))
    server = await startGitHttpServer(root, CREDENTIAL)
    const repository = GitRepository.create(root, 'zeros')
    // 300 MB of zeros: git sends it as a pack of about 300 KB.
    const zeros = repository.blob(Buffer.alloc(300 * 1000 * 1000))
    const main = repository.blob('variable "a" {}\n')
    commitSha = repository.commitTree(
      repository.tree([
        { mode: '100644', name: 'main.tf', oid: main },
        { mode: '100644', name: 'zeros.bin', oid: zeros },
      ]),
    )
    repository.tag('v1.0.0')
  })
  afterAll(async () => {
    await server.close()
    await rm(root, { recursive: true, force: true })
    await rm(cache, { recursive: true, force: true })
  })

  it("is refused while it arrives, as a file over the analyser's limit on one file, without the process's peak memory growing by the file", async () => {
    // In a process of its own, so that its peak resident memory is this archive's alone.
    const { username, password } = CREDENTIAL
    const { stdout } = await promisify(execFile)(process.execPath, [
      CHILD,
      `${server.url}/zeros.git`,
      commitSha,
      cache,
      username,
      password,
      JSON.stringify(DEFAULT_ARCHIVE_LIMITS),
    ])
    const outcome = JSON.parse(stdout) as { code?: string; message: string; peakGrowthBytes: number }
    expect(outcome).toMatchObject({
      code: 'invalid',
      message: expect.stringMatching(
        /^the repository at \S+ holds a file \(or other git object\) larger than Cairn's limit on one file of a module$/,
      ) as unknown,
    })
    // isomorphic-git inflating it took about 900 MiB to index the pack and 1,200 MiB to read the blob.
    expect(outcome.peakGrowthBytes).toBeLessThan(150 * MiB)
  })
})
