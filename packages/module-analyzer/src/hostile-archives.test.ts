import { fixtureModule, hostile, packDirectory, type Bytes } from '@cairn/test-fixtures'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TarModuleAnalyzerOptions } from './analyzer-options.ts'
import { useAnalyzers } from './test-support/analyzers.ts'
import { counted, useTempRoot } from './test-support/temp-root.ts'

const MiB = 1024 * 1024

const tempRoot = useTempRoot()
const newAnalyzer = useAnalyzers()

/** Analyses `archive` expecting a refusal; returns the field error after checking nothing is left. */
async function refusalOf(archive: Bytes, options: TarModuleAnalyzerOptions = {}): Promise<unknown> {
  const analyzer = newAnalyzer({ ...options, tempRoot: tempRoot().path })
  const error: unknown = await analyzer.analyze(archive).then(
    () => expect.fail('the archive was accepted'),
    (failure: unknown) => failure,
  )
  expect(await tempRoot().contents()).toEqual([])
  expect(error).toMatchObject({ code: 'invalid' })
  return (error as { fields: unknown }).fields
}

/** `archive` in one-byte chunks (the first `limit` bytes only, when given): a magic number split over chunks. */
async function* byteByByte(archive: Bytes, limit = Infinity): Bytes {
  let sent = 0
  for await (const chunk of archive) {
    for (const byte of chunk) {
      if (sent++ >= limit) return
      yield Uint8Array.of(byte)
    }
  }
}

const archiveError = (pattern: RegExp): unknown => [{ field: 'archive', message: expect.stringMatching(pattern) }]

describe('TarModuleAnalyzer refuses unsafe entries before writing anything', () => {
  it.each([
    ['path traversal', hostile.pathTraversal, /leaves the archive \(`\.\.\/escaped\.tf`\)/],
    ['traversal inside a path', hostile.nestedPathTraversal, /leaves the archive \(`modules\/vpc\/\.\.\/\.\.\/\.\.\/escaped\.tf`\)/],
    ['traversal in a pax path', hostile.paxPathTraversal, /leaves the archive \(`\.\.\/escaped\.tf`\)/],
    ['a symbolic link', () => hostile.symbolicLink('/etc/passwd'), /symbolic link \(`link\.tf` to `\/etc\/passwd`\)/],
    ['a hard link', () => hostile.hardLink('/etc/passwd'), /hard link \(`passwd\.tf` to `\/etc\/passwd`\)/],
    ['a character device', hostile.characterDevice, /character device \(`null`\); only regular files and directories/],
    ['a block device', hostile.blockDevice, /block device \(`sda`\)/],
    ['a FIFO', hostile.fifo, /FIFO \(`pipe`\)/],
    ['a type the tar package skips', hostile.unsupportedType, /`sparse\.bin` of type SparseFile/],
    ['an oversized pax header', () => hostile.oversizedPaxHeader(2 * MiB), /of type ExtendedHeader/],
    ['the same path twice', hostile.duplicatePath, /lists `main\.tf` twice/],
    ['a name too long to write', hostile.overlongName, /name longer than 255 bytes \(`a{300}\.tf`\)/],
  ])('%s', async (_case, archive, reason) => {
    expect(await refusalOf(archive())).toEqual(archiveError(reason))
  })

  it('an absolute path, which is not created either', async () => {
    const target = join(tmpdir(), `cairn-escape-${randomUUID()}.tf`)
    expect(await refusalOf(hostile.absolutePath(target))).toEqual(archiveError(/absolute path/))
    expect(existsSync(target)).toBe(false)
  })
})

describe('TarModuleAnalyzer enforces its limits while streaming', () => {
  it('too many entries (default limit: 10 000)', async () => {
    expect(await refusalOf(hostile.tooManyEntries(10_000))).toEqual(archiveError(/more than 10000 entries/))
  })

  it('an entry larger than maxEntryBytes (default 16 MiB), judged from its header', async () => {
    const archive = counted(hostile.oversizedEntry(16 * MiB + 1))
    expect(await refusalOf(archive.stream)).toEqual(archiveError(/`assets\/disk\.img`, which is larger than 16 MiB/))
    expect(archive.read()).toBeLessThan(1 * MiB)
  })

  it('a total expanded size over maxTotalBytes, even with no entry too large and no compression', async () => {
    const fields = await refusalOf(hostile.expansionBeyondTotal(4 * MiB, 256 * 1024), { maxTotalBytes: 2 * MiB })
    expect(fields).toEqual(archiveError(/expands to more than 2 MiB/))
  })

  it('a gzip bomb, stopped after reading a sliver of it', async () => {
    const bomb = counted(hostile.compressionBomb(1024 * MiB, 8 * MiB))
    expect(await refusalOf(bomb.stream)).toEqual(archiveError(/expands more than 200 times its compressed size/))
    // The whole bomb is about 1 MiB compressed; the refusal comes after about 1 MiB expanded.
    expect(bomb.read()).toBeLessThan(64 * 1024)
  })

  it('an archive larger than maxArchiveBytes compressed', async () => {
    const fields = await refusalOf(hostile.expansionBeyondTotal(2 * MiB, 256 * 1024), { maxArchiveBytes: MiB })
    expect(fields).toEqual(archiveError(/larger than 1 MiB compressed/))
  })

  it('a configuration file larger than maxConfigurationFileBytes', async () => {
    const fields = await refusalOf(packDirectory(fixtureModule('minimal')), { maxConfigurationFileBytes: 16 })
    expect(fields).toEqual(archiveError(/configuration file larger than 16 bytes \(`main\.tf`\)/))
  })
})

describe('TarModuleAnalyzer refuses what is not a module archive', () => {
  it.each([
    ['an empty upload', hostile.emptyArchive, /is empty/],
    ['a plain tar', hostile.notGzip, /^is an uncompressed tar; gzip it \(tar -czf\) and upload the \.tar\.gz$/],
    ['a plain tar arriving a byte at a time', () => byteByByte(hostile.notGzip()), /^is an uncompressed tar; gzip it/],
    ['a zip file', hostile.zipFile, /^is not gzip-compressed; upload a \.tar\.gz file$/],
    ['a single byte that is not gzip', () => byteByByte(hostile.zipFile(), 1), /^is not gzip-compressed/],
    ['gzip of something else than a tar', hostile.gzipOfText, /not a valid tar archive/],
    ['a truncated gzip stream', hostile.truncatedGzip, /truncated/],
    ['a tar whose header checksum fails', hostile.corruptHeader, /not a valid tar archive \(checksum failure\)/],
    ['no configuration at all', hostile.noConfiguration, /no \.tf or \.tf\.json file at its root$/],
    [
      'the module in a subdirectory',
      hostile.moduleInSubdirectory,
      /no \.tf or \.tf\.json file at its root, only in `terraform-aws-thing\/`; archive the contents/,
    ],
  ])('%s', async (_case, archive, reason) => {
    expect(await refusalOf(archive())).toEqual(archiveError(reason))
  })

  it.each([
    ['HCL', hostile.unparsableHcl, /^outputs\.tf: line 1, column 13: Unclosed configuration block/],
    ['JSON', hostile.unparsableJson, /^tags\.tf\.json: /],
  ])('a configuration file that is not valid %s', async (_syntax, archive, reason) => {
    expect(await refusalOf(archive())).toEqual([{ field: 'configuration', message: expect.stringMatching(reason) }])
  })
})

describe('TarModuleAnalyzer refuses configuration nested too deeply to parse safely', () => {
  const configurationError = (pattern: RegExp): unknown => [{ field: 'configuration', message: expect.stringMatching(pattern) }]

  it('an HCL nesting bomb, and analyses the next module in the same process', async () => {
    expect(await refusalOf(hostile.nestingBomb(20_000))).toEqual(configurationError(/^main\.tf: line 2: nested more than 64 levels deep/))
    const analyzer = newAnalyzer({ tempRoot: tempRoot().path })
    const metadata = await analyzer.analyze(packDirectory(fixtureModule('minimal')))
    expect(metadata.root.empty).toBe(false)
  })

  it('a .tf.json variable default nested 20 000 levels deep', async () => {
    expect(await refusalOf(hostile.deepJsonDefault(20_000))).toEqual(
      configurationError(/^deep\.tf\.json: line 1: nested more than 64 levels deep/),
    )
  })
})

describe('TarModuleAnalyzer bounds the metadata it keeps', () => {
  it('refuses 100 examples with a README of 1 MiB each, after reading little of them', async () => {
    const bomb = counted(hostile.metadataBomb(100, MiB))
    expect(await refusalOf(bomb.stream)).toEqual(
      archiveError(/more than 1 MiB of READMEs in total \(reached at `examples\/e1\/README\.md`\); shorten the READMEs/),
    )
    expect(bomb.read()).toBeLessThan(2 * MiB)
  })

  it('refuses more than 200 submodules and examples', async () => {
    expect(await refusalOf(hostile.metadataBomb(201, 10))).toEqual(archiveError(/more than 200 submodules and examples together/))
  })

  it('refuses a part that declares more than 1000 inputs', async () => {
    expect(await refusalOf(hostile.manyInputs(1001))).toEqual([
      { field: 'configuration', message: 'the root module declares 1001 inputs, more than the 1000 a part may have' },
    ])
  })
})
