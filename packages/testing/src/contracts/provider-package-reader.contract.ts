import type { ProviderPackageReader, TreeFile } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { chunksOf, textOf } from './byte-streams.ts'
import { tarOf } from './tar-builder.ts'

/** Two files stored as `zip -X` writes them: sizes in the local headers. */
const STORED_ZIP = Buffer.from(
  'UEsDBAoAAAAAAHeUhF32yuniGAAAABgAAAAeAAAAdGVycmFmb3JtLXByb3ZpZGVyLWRlbW9fdjEuMC4wIyEvYmluL3NoCmVjaG8gcHJvdmlkZXIKUEsDBAoAAAAAAHeUhF0SiK2ADAAAAAwAAAAHAAAATElDRU5TRU1JVCBMaWNlbnNlClBLAQIeAwoAAAAAAHeUhF32yuniGAAAABgAAAAeAAAAAAAAAAEAAACkgQAAAAB0ZXJyYWZvcm0tcHJvdmlkZXItZGVtb192MS4wLjBQSwECHgMKAAAAAAB3lIRdEoitgAwAAAAMAAAABwAAAAAAAAABAAAApIFUAAAATElDRU5TRVBLBQYAAAAAAgACAIEAAACFAAAAAAA=',
  'base64',
)
/** Two files deflated with data descriptors, as Go's archive/zip (goreleaser) writes provider releases. */
const DEFLATED_ZIP = Buffer.from(
  'UEsDBBQACAAIAHqUhF0AAAAAAAAAAAAAAAAeAAAAdGVycmFmb3JtLXByb3ZpZGVyLWRlbW9fdjIuMC4wS8rMSyyq5EoapUapUWqUGqXoQwEAUEsHCA3UOM4VAAAAeAUAAFBLAwQUAAgACAB6lIRdAAAAAAAAAAAAAAAACQAAAFJFQURNRS5tZFNWSEnNzedSHqVoQQEAUEsHCKe9SZUOAAAAXgEAAFBLAQIUAxQACAAIAHqUhF0N1DjOFQAAAHgFAAAeAAAAAAAAAAAAAACAAQAAAAB0ZXJyYWZvcm0tcHJvdmlkZXItZGVtb192Mi4wLjBQSwECFAMUAAgACAB6lIRdp71JlQ4AAABeAQAACQAAAAAAAAAAAAAAgAFhAAAAUkVBRE1FLm1kUEsFBgAAAAACAAIAgwAAAKYAAAAAAA==',
  'base64',
)
// Computed apart, with Python's zipfile and hashlib, by dirhash's definition.
const STORED_H1 = 'h1:M/YGO7lSRCQKVgKPwtRV39c/peivw7VmusM46qeDwCs='
const DEFLATED_H1 = 'h1:ebse1TrLQ72Oay1hU3jbqQ/c661O8YJmKAcr3NKoxe0='

const LIMITS = { maxFiles: 10, maxFileBytes: 1024 * 1024 }

/** Pieces of `bytes` of `size` bytes each: what a network hands over. */
function piecesOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const pieces: Uint8Array[] = []
  for (let at = 0; at < bytes.byteLength; at += size) pieces.push(bytes.subarray(at, at + size))
  return pieces
}

async function filesIn(reader: ProviderPackageReader, tar: Uint8Array, limits = LIMITS): Promise<Record<string, string>> {
  const found: Record<string, string> = {}
  const files: AsyncIterable<TreeFile> = reader.filesOf(chunksOf(...piecesOf(tar, 700)), limits)
  for await (const file of files) found[file.path] = await textOf(file.content)
  return found
}

export function providerPackageReaderContract(name: string, open: () => ProviderPackageReader): void {
  describe(`ProviderPackageReader contract: ${name}`, () => {
    it("hashes a zip's files as dirhash's h1, stored or deflated with data descriptors, however it is chunked", async () => {
      const reader = open()
      await expect(reader.h1Of(chunksOf(STORED_ZIP))).resolves.toBe(STORED_H1)
      await expect(reader.h1Of(chunksOf(DEFLATED_ZIP))).resolves.toBe(DEFLATED_H1)
      await expect(reader.h1Of(chunksOf(...piecesOf(DEFLATED_ZIP, 7)))).resolves.toBe(DEFLATED_H1)
    })

    it('refuses what is not a zip, or a truncated one, with invalid on archive', async () => {
      const reader = open()
      for (const bytes of [Buffer.from('not a zip at all'), DEFLATED_ZIP.subarray(0, 60), new Uint8Array()]) {
        await expect(reader.h1Of(chunksOf(bytes))).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'archive' }] })
      }
    })

    it("gives a tree's regular files in order with their paths, skipping directories", async () => {
      const tar = tarOf([
        { path: './', directory: true },
        { path: './registry.terraform.io/hashicorp/time/index.json', content: '{"versions":{"0.14.2":{}}}' },
        { path: 'registry.terraform.io/hashicorp/time/', directory: true },
        { path: 'registry.terraform.io/hashicorp/time/0.14.2.json', content: 'x'.repeat(2000) },
      ])
      await expect(filesIn(open(), tar)).resolves.toEqual({
        'registry.terraform.io/hashicorp/time/index.json': '{"versions":{"0.14.2":{}}}',
        'registry.terraform.io/hashicorp/time/0.14.2.json': 'x'.repeat(2000),
      })
    })

    it('refuses links, paths out of the tree, too many files or too large ones, with invalid on archive', async () => {
      const refused = [
        tarOf([{ path: 'index.json', linkTo: '/etc/passwd' }]),
        tarOf([{ path: '../index.json', content: '{}' }]),
        tarOf([{ path: '/index.json', content: '{}' }]),
        tarOf(Array.from({ length: 11 }, (_, index) => ({ path: `f${index}`, content: '' }))),
        tarOf([{ path: 'big.zip', content: new Uint8Array(LIMITS.maxFileBytes + 1) }]),
      ]
      for (const tar of refused) {
        await expect(filesIn(open(), tar)).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'archive' }] })
      }
    })

    it('refuses what is not a tar with invalid on archive', async () => {
      await expect(filesIn(open(), Buffer.from('x'.repeat(1024)))).rejects.toMatchObject({ code: 'invalid' })
    })
  })
}
