import { hostile, tarGz } from '@cairn/test-fixtures'
import { moduleAnalyzerContract, type RefusedArchive } from '@cairn/testing/contracts'
import { randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { TarModuleAnalyzer } from './tar-module-analyzer.ts'
import { createTempRoot } from './test-support/temp-root.ts'

const MiB = 1024 * 1024

/** Limits small enough that the bombs are refused after reading little; the rest stay at their defaults. */
const LIMITS = { maxEntries: 100, maxTotalBytes: 2 * MiB }

const onArchive = (archive: () => AsyncIterable<Uint8Array>): RefusedArchive => ({ field: 'archive', archive })
const onConfiguration = (archive: () => AsyncIterable<Uint8Array>): RefusedArchive => ({ field: 'configuration', archive })

/** Every hostile archive of the fixtures, each refused under `LIMITS`. */
const HOSTILE: Readonly<Record<string, RefusedArchive>> = {
  'a path that climbs out': onArchive(hostile.pathTraversal),
  'a climb inside a path': onArchive(hostile.nestedPathTraversal),
  'a climb in a pax path': onArchive(hostile.paxPathTraversal),
  'an absolute path': onArchive(() => hostile.absolutePath(join(tmpdir(), `cairn-escape-${randomUUID()}.tf`))),
  'a symbolic link': onArchive(() => hostile.symbolicLink('/etc/passwd')),
  'a hard link': onArchive(() => hostile.hardLink('/etc/passwd')),
  'a character device': onArchive(hostile.characterDevice),
  'a block device': onArchive(hostile.blockDevice),
  'a FIFO': onArchive(hostile.fifo),
  'a type the tar package skips': onArchive(hostile.unsupportedType),
  'an oversized pax header': onArchive(() => hostile.oversizedPaxHeader(2 * MiB)),
  'the same path twice': onArchive(hostile.duplicatePath),
  'a name too long to write': onArchive(hostile.overlongName),
  'too many entries': onArchive(() => hostile.tooManyEntries(LIMITS.maxEntries)),
  'an entry over its limit': onArchive(() => hostile.oversizedEntry(16 * MiB + 1)),
  'an expansion past the total': onArchive(() => hostile.expansionBeyondTotal(4 * MiB, 256 * 1024)),
  'a gzip bomb': onArchive(() => hostile.compressionBomb(1024 * MiB, 8 * MiB)),
  'a README bomb': onArchive(() => hostile.metadataBomb(100, MiB)),
  'an empty upload': onArchive(hostile.emptyArchive),
  'a plain tar': onArchive(hostile.notGzip),
  'a zip file': onArchive(hostile.zipFile),
  'gzip of text': onArchive(hostile.gzipOfText),
  'a truncated gzip stream': onArchive(hostile.truncatedGzip),
  'a failed header checksum': onArchive(hostile.corruptHeader),
  'no configuration': onArchive(hostile.noConfiguration),
  'the module in a subdirectory': onArchive(hostile.moduleInSubdirectory),
  'HCL that does not parse': onConfiguration(hostile.unparsableHcl),
  'JSON that does not parse': onConfiguration(hostile.unparsableJson),
  'an HCL nesting bomb': onConfiguration(() => hostile.nestingBomb(20_000)),
  'a JSON default nested too deep': onConfiguration(() => hostile.deepJsonDefault(20_000)),
  'too many inputs': onConfiguration(() => hostile.manyInputs(1001)),
}

// One analyzer for the suite: each starts its parser threads, half a second apiece.
const tempRoot = await createTempRoot()
const analyzer = new TarModuleAnalyzer({ ...LIMITS, tempRoot: tempRoot.path })
afterAll(async () => {
  await analyzer.close()
  await tempRoot.dispose()
})

moduleAnalyzerContract('tar', async () => ({
  analyzer,
  pack: (files) => tarGz(Object.entries(files).map(([path, body]) => ({ path, body }))),
  refused: HOSTILE,
  leftovers: () => tempRoot.contents(),
  async dispose() {},
}))
