import { collect, hostile, tarGz } from '@cairn/test-fixtures'
import { bytesOf, moduleZipperContract } from '@cairn/testing/contracts'
import { inflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { TarModuleZipper } from './tar-module-zipper.ts'

/** The files of a zip, read from its central directory: an independent reader of what `zipOf` writes. */
function filesOf(zip: Uint8Array): Record<string, string> {
  const bytes = Buffer.from(zip)
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const files: Record<string, string> = {}
  let at = bytes.readUInt32LE(end + 16)
  for (let entry = 0; entry < bytes.readUInt16LE(end + 10); entry += 1) {
    const nameLength = bytes.readUInt16LE(at + 28)
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength)
    const local = bytes.readUInt32LE(at + 42)
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28)
    files[name] = inflateRawSync(bytes.subarray(start, start + bytes.readUInt32LE(at + 20))).toString('utf8')
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32)
  }
  return files
}

moduleZipperContract('tar', () => ({
  zipper: new TarModuleZipper(),
  archiveOf: (files) => collect(tarGz(Object.entries(files).map(([path, body]) => ({ path, body })))),
  filesOf: async (zip) => filesOf(zip),
}))

describe('TarModuleZipper', () => {
  const zip = (archive: AsyncIterable<Uint8Array>) => bytesOf(new TarModuleZipper({ maxEntries: 5 }).zip(archive))

  it('keeps the last content of a path the archive holds twice, and leaves directories out', async () => {
    const archive = tarGz([
      { path: 'x/', type: 'directory' },
      { path: 'x/main.tf', body: 'one' },
      { path: 'x/main.tf', body: 'two' },
    ])
    expect(filesOf(await zip(archive))).toEqual({ 'x/main.tf': 'two' })
  })

  it.each([
    ['a symbolic link', () => hostile.symbolicLink('/etc/passwd')],
    ['a path that climbs out', hostile.pathTraversal],
    ['more entries than the limit', () => tarGz(Array.from({ length: 6 }, (_, n) => ({ path: `${n}.tf`, body: '' })))],
  ])('refuses %s with invalid on archive', async (_, archive) => {
    await expect(zip(archive())).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'archive' }] })
  })
})
