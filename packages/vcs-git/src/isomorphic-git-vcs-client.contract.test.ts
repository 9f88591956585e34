import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ByteStream } from '@cairn/core'
import { DEFAULT_ARCHIVE_LIMITS } from '@cairn/module-analyzer'
import { GitRepository, startGitHttpServer } from '@cairn/test-fixtures'
import { vcsClientContract } from '@cairn/testing/contracts'
import { Parser } from 'tar'
import { IsomorphicGitVcsClient } from './isomorphic-git-vcs-client.ts'

const CREDENTIAL = { username: 'cairn', password: 's3cret' }

vcsClientContract('isomorphic-git over git http-backend', async () => {
  const root = await mkdtemp(join(tmpdir(), 'cairn-git-root-'))
  const cacheDirectory = await mkdtemp(join(tmpdir(), 'cairn-git-cache-'))
  const server = await startGitHttpServer(root, CREDENTIAL)
  const repositories: GitRepository[] = []
  let down = false
  return {
    client: new IsomorphicGitVcsClient({ cacheDirectory, archiveLimits: DEFAULT_ARCHIVE_LIMITS, allowedHosts: ['127.0.0.1'] }),
    repository(name) {
      const repository = GitRepository.create(root, name)
      repositories.push(repository)
      return {
        remote: { url: `${server.url}/${name}.git`, credential: CREDENTIAL },
        commit: (files, message) => repository.commit(files, message),
        tag: (tag, annotated) => repository.tag(tag, annotated),
        checkout: (branch) => repository.checkout(branch),
        remove: () => repository.remove(),
      }
    },
    async goDown() {
      down = true
      await server.close()
    },
    filesOf,
    async dispose() {
      if (!down) await server.close()
      for (const repository of repositories) repository.remove()
      await rm(root, { recursive: true, force: true })
      await rm(cacheDirectory, { recursive: true, force: true })
    },
  }
})

/** Every regular file of a gzip tarball, path → text. */
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
  await pipeline(Readable.from(archive), parser)
  return files
}
