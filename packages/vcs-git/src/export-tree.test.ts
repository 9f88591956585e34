import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ByteStream } from '@cairn/core'
import { GitRepository, hostileGit, startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import git from 'isomorphic-git'
import { Parser } from 'tar'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { IsomorphicGitVcsClient } from './isomorphic-git-vcs-client.ts'

const CREDENTIAL = { username: 'cairn', password: 's3cret' }
const MiB = 1024 * 1024
// The analyser's defaults, which the server passes to both.
const LIMITS = { maxEntries: 10_000, maxTotalBytes: 256 * MiB, maxEntryBytes: 16 * MiB, maxArchiveBytes: 64 * MiB }

const random = (bytes: number) => randomBytes(bytes)

/** Reads the whole stream; the compressed bytes it gave before it ended or failed. */
async function drain(archive: ByteStream): Promise<{ bytes: number; error: unknown }> {
  let bytes = 0
  try {
    for await (const chunk of archive) bytes += chunk.byteLength
    return { bytes, error: undefined }
  } catch (error) {
    return { bytes, error }
  }
}

/** Every entry of a gzip tarball: path → type, mode and content. */
async function entriesOf(archive: ByteStream): Promise<Record<string, { type: string; mode: number; content: string }>> {
  const entries: Record<string, { type: string; mode: number; content: string }> = {}
  const parser = new Parser({
    onReadEntry: (entry) => {
      const chunks: Buffer[] = []
      entry.on('data', (chunk: Buffer) => chunks.push(chunk))
      entry.on(
        'end',
        () => (entries[entry.path] = { type: entry.type, mode: entry.mode ?? 0, content: Buffer.concat(chunks).toString('utf8') }),
      )
    },
  })
  const parsed = new Promise<void>((resolve, reject) => parser.on('end', resolve).on('error', reject))
  for await (const chunk of archive) parser.write(chunk)
  parser.end()
  await parsed
  return entries
}

describe('exporting a hostile tree', { timeout: 60_000 }, () => {
  let root = ''
  let cache = ''
  let outside = ''
  let server: GitHttpServer
  let repository: GitRepository
  const remote = () => ({ url: `${server.url}/hostile.git`, credential: CREDENTIAL })
  const client = (limits = LIMITS) =>
    new IsomorphicGitVcsClient({ cacheDirectory: cache, archiveLimits: limits, allowedHosts: ['127.0.0.1'] })

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cairn-git-root-'))
    cache = await mkdtemp(join(tmpdir(), 'cairn-git-cache-'))
    server = await startGitHttpServer(root, CREDENTIAL)
    repository = GitRepository.create(root, 'hostile')
  })
  beforeEach(async () => {
    outside = await mkdtemp(join(tmpdir(), 'cairn-outside-'))
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    vi.unstubAllEnvs()
    await rm(outside, { recursive: true, force: true })
  })
  afterAll(async () => {
    await server.close()
    await rm(root, { recursive: true, force: true })
    await rm(cache, { recursive: true, force: true })
  })

  it('refuses a name given twice, a link and then an executable file, and writes nothing where the link points', async () => {
    const commitSha = hostileGit.linkThenFile(repository, join(outside, 'dropped'))
    const { error } = await drain(await client().archive(remote(), { commitSha }))
    expect(error).toMatchObject({ code: 'invalid', fields: [{ field: 'archive', message: 'holds `x` twice' }] })
    await expect(readdir(outside)).resolves.toEqual([])
  })

  it('leaves a file the link names as it was', async () => {
    await writeFile(join(outside, 'existing'), 'original\n')
    const commitSha = hostileGit.linkThenFile(repository, join(outside, 'existing'), { content: 'overwritten\n', mode: '100644' })
    const { error } = await drain(await client().archive(remote(), { commitSha }))
    expect(error).toMatchObject({ code: 'invalid', fields: [{ field: 'archive' }] })
    await expect(readFile(join(outside, 'existing'), 'utf8')).resolves.toBe('original\n')
    await expect(readdir(outside)).resolves.toEqual(['existing'])
  })

  it('refuses a name given twice in a subdirectory, two files or a file and a directory', async () => {
    const file = repository.blob('a\n')
    const twice = repository.tree([
      { mode: '100644', name: 'main.tf', oid: file },
      { mode: '100755', name: 'main.tf', oid: file },
    ])
    const both = repository.tree([
      { mode: '100644', name: 'sub', oid: file },
      { mode: '40000', name: 'sub', oid: twice },
    ])
    for (const [tree, path] of [
      [twice, 'modules/x/main.tf'],
      [both, 'modules/x/sub'],
    ] as const) {
      const modules = repository.tree([{ mode: '40000', name: 'x', oid: tree }])
      const commitSha = repository.commitTree(
        repository.tree([
          { mode: '100644', name: 'main.tf', oid: file },
          { mode: '40000', name: 'modules', oid: modules },
        ]),
      )
      const { error } = await drain(await client().archive(remote(), { commitSha }))
      expect(error).toMatchObject({ code: 'invalid', fields: [{ field: 'archive', message: `holds \`${path}\` twice` }] })
    }
  })

  it('refuses a symbolic link without creating it', async () => {
    const main = repository.blob('variable "a" {}\n')
    const link = repository.blob(outside)
    const commitSha = repository.commitTree(
      repository.tree([
        { mode: '120000', name: 'escape', oid: link },
        { mode: '100644', name: 'main.tf', oid: main },
      ]),
    )
    const { error } = await drain(await client().archive(remote(), { commitSha }))
    expect(error).toMatchObject({
      code: 'invalid',
      fields: [{ field: 'archive', message: 'holds a symbolic link (`escape`); only regular files and directories are allowed' }],
    })
    await expect(readdir(outside)).resolves.toEqual([])
  })

  it('refuses the names git itself refuses: `..`, `.git` and its aliases', async () => {
    const file = repository.blob('a\n')
    for (const name of ['..', '.git', '.GIT', 'git~1', '.git. ']) {
      const commitSha = repository.commitTree(repository.tree([{ mode: '100644', name, oid: file }]))
      const { error } = await drain(await client().archive(remote(), { commitSha }))
      expect(error, name).toMatchObject({ code: 'invalid', fields: [{ field: 'archive', message: expect.stringContaining('unsafe') }] })
    }
  })

  it('stops a tree bomb of nested identical subtrees at the entry limit, writing no file', async () => {
    // 9 objects naming 100,001 files of 4 KiB: 433 MiB of tar. Measured with the fetch.
    const commitSha = hostileGit.treeBomb(repository)
    const temporary = await mkdtemp(join(tmpdir(), 'cairn-tmpdir-'))
    vi.stubEnv('TMPDIR', temporary)
    const readBlob = vi.spyOn(git, 'readBlob')
    const started = performance.now()
    const { bytes, error } = await drain(await client().archive(remote(), { commitSha }))
    const seconds = (performance.now() - started) / 1000
    expect(error).toMatchObject({ code: 'invalid', fields: [{ field: 'archive', message: 'holds more than 10000 entries' }] })
    expect(readBlob.mock.calls.length).toBeLessThan(10)
    expect(seconds).toBeLessThan(20)
    await expect(readdir(temporary)).resolves.toEqual([])
    await rm(temporary, { recursive: true })
    console.info(
      `tree bomb: refused after ${seconds.toFixed(2)} s, ${readBlob.mock.calls.length} blob read, ${bytes} compressed bytes produced, no file written`,
    )
  })

  it('produces the tarball as it is read: a reader that stops early stops the walk', async () => {
    const files = Array.from({ length: 50 }, (_, i) => ({
      mode: '100644',
      name: `file-${String(i).padStart(2, '0')}`,
      oid: repository.blob(random(64 * 1024)),
    }))
    const commitSha = repository.commitTree(repository.tree(files))
    const readBlob = vi.spyOn(git, 'readBlob')
    for await (const chunk of await client().archive(remote(), { commitSha })) {
      expect(chunk.byteLength).toBeGreaterThan(0)
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    // 50 files of 64 KiB that do not compress: a few ahead of the reader at most, never all.
    expect(readBlob.mock.calls.length).toBeLessThan(10)
  })

  it('refuses a file larger than maxEntryBytes, and a tree past maxTotalBytes or maxArchiveBytes', async () => {
    const big = repository.blob(random(64 * 1024))
    const commitSha = repository.commitTree(
      repository.tree([
        { mode: '100644', name: 'a', oid: big },
        { mode: '100644', name: 'b', oid: big },
      ]),
    )
    // Fetched under the analyser's limits first: a fetch under the smaller limits below refuses the blob itself.
    await expect(entriesOf(await client().archive(remote(), { commitSha }))).resolves.toMatchObject({
      a: { type: 'File' },
      b: { type: 'File' },
    })
    const cases = [
      [{ maxEntryBytes: 32 * 1024 }, 'holds `a`, which is larger than 32 KiB'],
      [{ maxTotalBytes: 100 * 1024 }, 'expands to more than 100 KiB'],
      [{ maxArchiveBytes: 100 * 1024 }, 'is larger than 100 KiB compressed'],
    ] as const
    for (const [limit, message] of cases) {
      const { error } = await drain(await client({ ...LIMITS, ...limit }).archive(remote(), { commitSha }))
      expect(error).toMatchObject({ code: 'invalid', fields: [{ field: 'archive', message }] })
    }
  })

  it('keeps an executable bit as the entry mode, writes long and non-ASCII names whole, and leaves submodules out', async () => {
    const script = repository.blob('#!/bin/sh\n')
    const main = repository.blob('variable "a" {}\n')
    const bin = repository.tree([{ mode: '100755', name: 'run.sh', oid: script }])
    const [outer, inner] = ['a'.repeat(120), 'b'.repeat(120)]
    const deep = repository.tree([{ mode: '40000', name: inner, oid: repository.tree([{ mode: '100644', name: 'réseau.tf', oid: main }]) }])
    const commitSha = repository.commitTree(
      repository.tree([
        { mode: '40000', name: outer, oid: deep },
        { mode: '40000', name: 'bin', oid: bin },
        { mode: '100644', name: 'main.tf', oid: main },
        { mode: '160000', name: 'vendor', oid: 'f'.repeat(40) },
      ]),
    )
    await expect(entriesOf(await client().archive(remote(), { commitSha }))).resolves.toEqual({
      [`${outer}/`]: { type: 'Directory', mode: 0o755, content: '' },
      [`${outer}/${inner}/`]: { type: 'Directory', mode: 0o755, content: '' },
      [`${outer}/${inner}/réseau.tf`]: { type: 'File', mode: 0o644, content: 'variable "a" {}\n' },
      'bin/': { type: 'Directory', mode: 0o755, content: '' },
      'bin/run.sh': { type: 'File', mode: 0o755, content: '#!/bin/sh\n' },
      'main.tf': { type: 'File', mode: 0o644, content: 'variable "a" {}\n' },
    })
  })

  it('keeps the mirror it reads from until the tarball has been read, however small the mirror cache', async () => {
    const commitSha = repository.commit({ 'main.tf': 'variable "a" {}\n' })
    const tiny = await mkdtemp(join(tmpdir(), 'cairn-git-cache-'))
    try {
      // Over its bytes at once: the mirror goes as soon as no one uses it.
      const evicting = new IsomorphicGitVcsClient({
        cacheDirectory: tiny,
        archiveLimits: LIMITS,
        allowedHosts: ['127.0.0.1'],
        cache: { maxBytes: 1 },
      })
      const archive = await evicting.archive(remote(), { commitSha })
      await new Promise((resolve) => setTimeout(resolve, 100))
      await expect(entriesOf(archive)).resolves.toEqual({ 'main.tf': expect.objectContaining({ content: 'variable "a" {}\n' }) })
      await vi.waitFor(async () => expect(await readdir(tiny)).toEqual([]))
    } finally {
      await rm(tiny, { recursive: true, force: true })
    }
  })

  it('answers unavailable once its signal is aborted, before the archive and while it is read', async () => {
    const commitSha = hostileGit.treeBomb(repository, { depth: 3 })
    await expect(client().archive(remote(), { commitSha }, AbortSignal.abort())).rejects.toMatchObject({ code: 'unavailable' })
    const controller = new AbortController()
    const archive = await client().archive(remote(), { commitSha }, controller.signal)
    const reading = drain(archive)
    controller.abort()
    const { error } = await reading
    expect(error).toMatchObject({ code: 'unavailable' })
  })
})
