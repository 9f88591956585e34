import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GitRepository, startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ARCHIVE_LIMITS, TarModuleAnalyzer } from '@cairn/module-analyzer'
import { IsomorphicGitVcsClient } from './isomorphic-git-vcs-client.ts'

const CREDENTIAL = { username: 'cairn', password: 's3cret' }

// What every VcsClient does is held by the port's contract (isomorphic-git-vcs-client.contract.test.ts); these are this adapter's own.
describe('IsomorphicGitVcsClient against git http-backend', { timeout: 30_000 }, () => {
  let root = ''
  let cache = ''
  let server: GitHttpServer
  let client: IsomorphicGitVcsClient
  let sha = ''
  const remote = () => ({ url: `${server.url}/terraform-aws-vpc.git`, credential: CREDENTIAL })

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cairn-git-root-'))
    cache = await mkdtemp(join(tmpdir(), 'cairn-git-cache-'))
    server = await startGitHttpServer(root, CREDENTIAL)
    client = new IsomorphicGitVcsClient({ cacheDirectory: cache, archiveLimits: DEFAULT_ARCHIVE_LIMITS, allowedHosts: ['127.0.0.1'] })
    sha = GitRepository.create(root, 'terraform-aws-vpc').commit({
      'main.tf': 'variable "a" {}\n',
      'modules/sub/main.tf': 'output "b" { value = 1 }\n',
    })
  })
  afterAll(async () => {
    await server.close()
    await rm(root, { recursive: true, force: true })
    await rm(cache, { recursive: true, force: true })
  })

  it('archives a tree the module analyzer reads', async () => {
    const analyzer = new TarModuleAnalyzer()
    try {
      const metadata = await analyzer.analyze(await client.archive(remote(), { commitSha: sha }))
      expect(metadata.root.inputs).toEqual([expect.objectContaining({ name: 'a' })])
      expect(metadata.submodules).toEqual([expect.objectContaining({ path: 'modules/sub' })])
    } finally {
      await analyzer.close()
    }
  })

  it('refuses a source directory that climbs out of the repository', async () => {
    await expect(client.archive(remote(), { commitSha: sha, sourceDirectory: '../etc' })).rejects.toMatchObject({ code: 'invalid' })
  })
})
