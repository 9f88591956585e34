import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { GitRepository, startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import { Parser } from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ByteStream } from '@cairn/core'
import { DEFAULT_ARCHIVE_LIMITS, TarModuleAnalyzer } from '@cairn/module-analyzer'
import { IsomorphicGitVcsClient } from './isomorphic-git-vcs-client.ts'

const CREDENTIAL = { username: 'cairn', password: 's3cret' }

/** Every file in a gzip tarball, path → content. */
async function filesOf(archive: ByteStream): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  const parser = new Parser({
    onReadEntry: (entry) => {
      const chunks: Buffer[] = []
      entry.on('data', (chunk: Buffer) => chunks.push(chunk))
      entry.on('end', () => {
        if (entry.type === 'File') files[entry.path.replace(/^\.\//, '')] = Buffer.concat(chunks).toString('utf8')
      })
    },
  })
  await new Promise<void>((resolve, reject) => Readable.from(archive).pipe(parser).on('end', resolve).on('error', reject))
  return files
}

describe('IsomorphicGitVcsClient against git http-backend', { timeout: 30_000 }, () => {
  let root = ''
  let cache = ''
  let server: GitHttpServer
  let client: IsomorphicGitVcsClient
  let repository: GitRepository
  const shas: Record<string, string> = {}
  const remote = (name = 'terraform-aws-vpc') => ({ url: `${server.url}/${name}.git`, credential: CREDENTIAL })

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cairn-git-root-'))
    cache = await mkdtemp(join(tmpdir(), 'cairn-git-cache-'))
    server = await startGitHttpServer(root, CREDENTIAL)
    client = new IsomorphicGitVcsClient({ cacheDirectory: cache, archiveLimits: DEFAULT_ARCHIVE_LIMITS, allowedHosts: ['127.0.0.1'] })
    repository = GitRepository.create(root, 'terraform-aws-vpc')
    shas['one'] = repository.commit({ 'main.tf': 'variable "a" {}\n', 'modules/sub/main.tf': 'output "b" { value = 1 }\n' })
    repository.tag('v1.0.0')
    shas['two'] = repository.commit({ 'main.tf': 'variable "a2" {}\n' })
    repository.tag('1.1.0', true)
    repository.tag('not-semver')
    repository.checkout('develop')
    shas['three'] = repository.commit({ 'main.tf': 'variable "dev" {}\n' })
  })
  afterAll(async () => {
    await server.close()
    await rm(root, { recursive: true, force: true })
    await rm(cache, { recursive: true, force: true })
  })

  it('lists tags, annotated ones by the commit they point at, and branch heads', async () => {
    const refs = await client.refs(remote())
    expect(refs.tags).toEqual(
      expect.arrayContaining([
        { name: 'v1.0.0', commitSha: shas['one'] },
        { name: '1.1.0', commitSha: shas['two'] },
        { name: 'not-semver', commitSha: shas['two'] },
      ]),
    )
    expect(refs.tags).toHaveLength(3)
    expect(refs.branches).toEqual(expect.arrayContaining([{ name: 'main', commitSha: shas['two'] }, { name: 'develop', commitSha: shas['three'] }]))
  })

  it('archives the tree at a commit, older commits included', async () => {
    await expect(filesOf(await client.archive(remote(), { commitSha: shas['one'] ?? '' }))).resolves.toEqual({
      'main.tf': 'variable "a" {}\n',
      'modules/sub/main.tf': 'output "b" { value = 1 }\n',
    })
    await expect(filesOf(await client.archive(remote(), { commitSha: shas['three'] ?? '' }))).resolves.toEqual({ 'main.tf': 'variable "dev" {}\n' })
  })

  it('archives a tree the module analyzer reads', async () => {
    const analyzer = new TarModuleAnalyzer()
    try {
      const metadata = await analyzer.analyze(await client.archive(remote(), { commitSha: shas['one'] ?? '' }))
      expect(metadata.root.inputs).toEqual([expect.objectContaining({ name: 'a' })])
      expect(metadata.submodules).toEqual([expect.objectContaining({ path: 'modules/sub' })])
    } finally {
      await analyzer.close()
    }
  })

  it('archives only a source directory, at the archive root', async () => {
    await expect(filesOf(await client.archive(remote(), { commitSha: shas['one'] ?? '', sourceDirectory: 'modules/sub/' }))).resolves.toEqual({
      'main.tf': 'output "b" { value = 1 }\n',
    })
  })

  it('answers not_found for a commit or a source directory the repository lacks', async () => {
    await expect(client.archive(remote(), { commitSha: 'f'.repeat(40) })).rejects.toMatchObject({ code: 'not_found' })
    await expect(client.archive(remote(), { commitSha: shas['one'] ?? '', sourceDirectory: 'nowhere' })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('refuses a source directory that climbs out of the repository', async () => {
    await expect(client.archive(remote(), { commitSha: shas['one'] ?? '', sourceDirectory: '../etc' })).rejects.toMatchObject({ code: 'invalid' })
  })

  it('answers invalid on oauth-token-id when the host refuses the credential', async () => {
    const wrong = { url: remote().url, credential: { username: 'cairn', password: 'wrong' } }
    await expect(client.refs(wrong)).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'oauth-token-id' }] })
    await expect(client.archive(wrong, { commitSha: shas['one'] ?? '' })).rejects.toMatchObject({ code: 'invalid' })
  })

  it('lists the newest commits of a branch, or of the branch HEAD names, newest first', async () => {
    // The fixture's HEAD names develop, the branch it checked out last.
    const head = await client.latestCommits(remote(), undefined, 20)
    expect(head.map((commit) => commit.sha)).toEqual([shas['three'], shas['two'], shas['one']])
    expect(head[0]).toMatchObject({ message: 'change', authorName: 'Fixture' })
    expect(head[0]?.date.getTime()).toBeGreaterThan(Date.UTC(2020, 0, 1))
    await expect(client.latestCommits(remote(), 'main', 1)).resolves.toEqual([expect.objectContaining({ sha: shas['two'] })])
    await expect(client.latestCommits(remote(), 'nowhere', 20)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('answers unavailable when the host cannot be reached', async () => {
    const closed = await startGitHttpServer(root, CREDENTIAL)
    await closed.close()
    await expect(client.refs({ url: `${closed.url}/terraform-aws-vpc.git`, credential: CREDENTIAL })).rejects.toMatchObject({ code: 'unavailable' })
  })

  it('answers not_found once the repository disappears from the host, even for a commit its mirror holds', async () => {
    const doomed = GitRepository.create(root, 'terraform-aws-doomed')
    const sha = doomed.commit({ 'main.tf': '' })
    doomed.tag('v1.0.0')
    await expect(client.refs(remote('terraform-aws-doomed'))).resolves.toMatchObject({ tags: [{ name: 'v1.0.0' }] })
    for await (const chunk of await client.archive(remote('terraform-aws-doomed'), { commitSha: sha })) expect(chunk.byteLength).toBeGreaterThan(0)
    doomed.remove()
    await expect(client.refs(remote('terraform-aws-doomed'))).rejects.toMatchObject({ code: 'not_found' })
    await expect(client.archive(remote('terraform-aws-doomed'), { commitSha: sha })).rejects.toMatchObject({ code: 'not_found' })
  })
})
