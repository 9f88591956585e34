import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { INSTRUCTION_BYTES } from './delta-meter.ts'
import { PackInspector, type PackLimits } from './pack-inspector.ts'
import { SideBand } from './side-band.ts'
import {
  BLOB,
  COMMIT,
  copy,
  delta,
  insert,
  objectHeader,
  ofsDelta,
  pack,
  pktLine,
  plain,
  refDelta,
  startAfter,
  TREE,
  v1Reply,
  v2Reply,
} from './test-support/hand-built-pack.ts'

const MiB = 1024 * 1024
const LIMITS: PackLimits = { maxObjectBytes: 16 * MiB, maxInflatedBytes: 64 * MiB, maxObjects: 1000 }

/** Inspects `reply` in chunks of `chunkBytes`; the failure it ends with, if any, and how far into the reply. */
function inspected(reply: Buffer, limits: PackLimits = LIMITS, chunkBytes = reply.length): { failure: string | undefined; at: number } {
  const inspector = new PackInspector(limits)
  const sideBand = new SideBand((bytes) => inspector.push(bytes))
  let at = 0
  try {
    for (; at < reply.length; at += chunkBytes) sideBand.push(reply.subarray(at, at + chunkBytes))
    return { failure: undefined, at }
  } catch (error) {
    return { failure: (error as { failure?: string }).failure ?? String(error), at }
  }
}

const inspect = (reply: Buffer, limits: PackLimits = LIMITS, chunkBytes = reply.length) => inspected(reply, limits, chunkBytes).failure

const base = Buffer.from('variable "cidr" {}\n'.repeat(100))
const honest = () => {
  const blob = plain(BLOB, base)
  const tree = plain(TREE, Buffer.concat([Buffer.from('100644 main.tf\0'), Buffer.alloc(20, 1)]))
  const commit = plain(COMMIT, Buffer.from(`tree ${'b'.repeat(40)}\n\nchange\n`))
  return [blob, tree, commit]
}

describe('PackInspector over an upload-pack reply', () => {
  it('passes an honest pack — plain objects, an OFS_DELTA and a REF_DELTA — whole, in 1-byte chunks, and in protocol v2', () => {
    const objects = honest()
    const honestPack = pack([
      ...objects,
      ofsDelta(startAfter(objects) - 12, delta(base.length, base.length + 5, Buffer.concat([copy(base.length), insert('# end')]))),
      refDelta(delta(base.length, 3, insert('abc'))),
    ])
    expect(inspect(v1Reply(honestPack))).toBeUndefined()
    expect(inspect(v1Reply(honestPack), LIMITS, 1)).toBeUndefined()
    expect(inspect(v2Reply(honestPack), LIMITS, 1)).toBeUndefined()
  })

  it('passes a pack git itself wrote, with its deltas, in 1-byte chunks', () => {
    const packBytes = packByGit()
    expect(inspect(v1Reply(packBytes, 65515), LIMITS, 1)).toBeUndefined()
    expect(inspect(v1Reply(packBytes), { ...LIMITS, maxObjectBytes: 40_000 })).toBe('pack_object_too_large')
  })

  it('refuses a blob whose declared size is over the limit before any of its data', () => {
    expect(inspect(v1Reply(pack([objectHeader(BLOB, 300 * MiB)])))).toBe('pack_object_too_large')
  })

  it('refuses a blob that expands past the size it declared, at once, in any chunking', () => {
    const lying = v1Reply(pack([plain(BLOB, Buffer.alloc(32 * MiB), 10)]))
    expect(inspect(lying)).toBe('malformed_pack')
    // Its 32 KB of zlib stream refused within its first 64 KiB of output, a few hundred bytes in.
    const { failure, at } = inspected(lying, LIMITS, 1)
    expect(failure).toBe('malformed_pack')
    expect(at).toBeLessThan(1024)
  })

  it('refuses a blob that expands to less than it declared', () => {
    expect(inspect(v1Reply(pack([plain(BLOB, Buffer.from('short'), 10)])))).toBe('malformed_pack')
  })

  it("refuses a delta whose result's declared size is over the limit, from a few bytes of data", () => {
    const blob = plain(BLOB, base)
    const bomb = pack([blob, ofsDelta(startAfter([blob]) - 12, delta(base.length, 300 * MiB, copy(base.length)))])
    expect(inspect(v1Reply(bomb))).toBe('pack_object_too_large')
    expect(inspect(v1Reply(bomb), LIMITS, 1)).toBe('pack_object_too_large')
  })

  it("refuses a delta whose instructions produce more than its result's declared size", () => {
    expect(inspect(v1Reply(pack([refDelta(delta(1 << 20, 10, copy(1 << 20)))])))).toBe('malformed_pack')
  })

  it('refuses a delta of more instructions than the limit on one object allows', () => {
    const count = LIMITS.maxObjectBytes / INSTRUCTION_BYTES + 1
    const instructions = Buffer.alloc(count * 2)
    for (let at = 0; at < instructions.length; at += 2) instructions.set(insert('x'), at)
    expect(inspect(v1Reply(pack([refDelta(delta(1, count, instructions))])))).toBe('pack_object_too_large')
    expect(inspect(v1Reply(pack([refDelta(delta(1, count - 1, instructions.subarray(2)))])))).toBeUndefined()
  })

  it("refuses an OFS_DELTA whose base offset is not an object's start (it could point into another object's data)", () => {
    const objects = honest()
    const inside = pack([...objects, ofsDelta(startAfter(objects) - 15, delta(base.length, 1, insert('x')))])
    expect(inspect(v1Reply(inside))).toBe('malformed_pack')
  })

  it("refuses a chain of deltas that each expand to a whole object's limit at the total, from a pack of a few KB", () => {
    // The most one copy instruction takes: 16 MiB less one byte.
    const size = 0xffffff
    const chain = (length: number) => {
      const objects = [plain(BLOB, Buffer.alloc(size))]
      for (let index = 0; index < length; index++) {
        const previous = startAfter(objects.slice(0, -1))
        objects.push(ofsDelta(startAfter(objects) - previous, delta(size, size, copy(size))))
      }
      return pack(objects)
    }
    expect(chain(4).length).toBeLessThan(32 * 1024)
    expect(inspect(v1Reply(chain(4)))).toBe('pack_too_large')
    expect(inspect(v1Reply(chain(2)))).toBeUndefined()
  })

  it('refuses a pack whose objects together expand past the total, and one that declares too many objects', () => {
    const blobs = Array.from({ length: 5 }, (_, index) => plain(BLOB, Buffer.alloc(MiB, index)))
    expect(inspect(v1Reply(pack(blobs)), { ...LIMITS, maxInflatedBytes: 4 * MiB })).toBe('pack_too_large')
    expect(inspect(v1Reply(pack(blobs)), { ...LIMITS, maxInflatedBytes: 5 * MiB })).toBeUndefined()
    expect(inspect(v1Reply(pack([], 1001)))).toBe('pack_too_large')
  })

  it('refuses what is not a pack or not pkt-lines: a bad signature, version, object type, zlib stream or line length', () => {
    const honestPack = pack(honest())
    const version = Buffer.from(honestPack)
    version.writeUInt32BE(4, 4)
    const badType = pack([Buffer.concat([Buffer.from([0x50]), deflateSync(Buffer.from('x'))])])
    const badZlib = pack([Buffer.concat([objectHeader(BLOB, 4), Buffer.from('not zlib at all')])])
    expect(inspect(v1Reply(Buffer.from('KCAP\0\0\0\x02\0\0\0\0')))).toBe('malformed_pack')
    expect(inspect(v1Reply(version))).toBe('malformed_pack')
    expect(inspect(v1Reply(badType))).toBe('malformed_pack')
    expect(inspect(v1Reply(badZlib))).toBe('malformed_pack')
    expect(inspect(Buffer.concat([pktLine('NAK\n'), honestPack]))).toBe('malformed_pack')
  })
})

/** A pack `git repack` wrote for two commits of one file changed a little: the second blob is a delta. */
function packByGit(): Buffer {
  const work = mkdtempSync(join(tmpdir(), 'cairn-pack-'))
  try {
    const git = (...args: string[]) => execFileSync('git', ['-C', work, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args])
    git('init', '--quiet')
    const lines = Array.from({ length: 2000 }, (_, index) => `variable "v${index}" { default = ${index} }\n`)
    for (const last of ['# one\n', '# two\n']) {
      writeFileSync(join(work, 'main.tf'), lines.join('') + last)
      git('add', 'main.tf')
      git('commit', '--quiet', '-m', last)
    }
    git('repack', '-adfq')
    const directory = join(work, '.git', 'objects', 'pack')
    const name = readdirSync(directory).find((file) => file.endsWith('.pack')) ?? ''
    const bytes = readFileSync(join(directory, name))
    const verified = execFileSync('git', ['-C', work, 'verify-pack', '-v', join(directory, name.replace(/\.pack$/, '.idx'))], {
      encoding: 'utf8',
    })
    expect(verified).toMatch(/chain length = 1: 1 object/)
    return bytes
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
