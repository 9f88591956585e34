import type { ModuleZipper } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { bytesOf, chunksOf } from './byte-streams.ts'

/** A zipper under test, with the adapter's own ways of writing an archive and reading a zip back. */
export interface ModuleZipperUnderTest {
  readonly zipper: ModuleZipper
  /** An archive of these files (path → text), as the adapter reads archives. */
  readonly archiveOf: (files: Readonly<Record<string, string>>) => Promise<Uint8Array>
  /** The files (path → text) of a zip the zipper made. */
  readonly filesOf: (zip: Uint8Array) => Promise<Record<string, string>>
}

const MODULE = { 'main.tf': 'variable "name" {}\n', 'modules/child/main.tf': 'output "x" { value = 1 }\n', 'README.md': '# Hi\n' }

export function moduleZipperContract(name: string, open: () => ModuleZipperUnderTest): void {
  describe(`ModuleZipper contract: ${name}`, () => {
    it('zips every file of the archive at its path', async () => {
      const { zipper, archiveOf, filesOf } = open()
      const zip = await bytesOf(zipper.zip(chunksOf(await archiveOf(MODULE))))
      await expect(filesOf(zip)).resolves.toEqual(MODULE)
    })

    it('gives the same bytes for the same archive', async () => {
      const { zipper, archiveOf } = open()
      const archive = await archiveOf(MODULE)
      const [first, second] = await Promise.all([bytesOf(zipper.zip(chunksOf(archive))), bytesOf(zipper.zip(chunksOf(archive)))])
      expect(Buffer.from(first ?? []).equals(Buffer.from(second ?? []))).toBe(true)
    })

    it('refuses what is no archive with invalid on archive', async () => {
      const { zipper } = open()
      await expect(bytesOf(zipper.zip(chunksOf('bad archive')))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'archive' }],
      })
    })
  })
}
