import type { ByteStream } from '@cairn/core'
import { Unzip, UnzipInflate } from 'fflate'
import { createHash, type Hash } from 'node:crypto'
import { refusal } from '../archive/refusal.ts'

interface HashedFile {
  readonly name: string
  readonly hash: Hash
  done: boolean
}

/**
 * Go's `dirhash.Hash1` over a zip's entries, as `dirhash.HashZip` (and so the CLI) computes it:
 * each entry's SHA-256 and name, sorted by name, one `<hex>  <name>\n` line each, hashed again
 * and written in base64. The zip is read front to back as it streams (local headers, data
 * descriptors too), so that a large provider is never held in memory.
 */
export async function zipH1(zip: ByteStream): Promise<string> {
  const files: HashedFile[] = []
  let failure: Error | undefined
  const unzip = new Unzip((entry) => {
    const file: HashedFile = { name: entry.name, hash: createHash('sha256'), done: false }
    files.push(file)
    entry.ondata = (error, chunk, final) => {
      if (error !== null) failure ??= error
      else file.hash.update(chunk)
      if (final) file.done = true
    }
    entry.start()
  })
  unzip.register(UnzipInflate)
  try {
    for await (const chunk of zip) {
      unzip.push(chunk)
      if (failure !== undefined) break
    }
    unzip.push(new Uint8Array(0), true)
  } catch (error) {
    failure ??= error instanceof Error ? error : new Error(String(error))
  }
  if (failure !== undefined) throw refusal(`is not a readable zip: ${failure.message}`)
  if (files.length === 0 || files.some((file) => !file.done)) throw refusal('is not a readable zip')
  return `h1:${summaryHash(files)}`
}

function summaryHash(files: readonly HashedFile[]): string {
  const lines = files
    .map((file) => {
      if (file.name.includes('\n')) throw refusal('holds a file whose name has a line break')
      return { name: file.name, line: `${file.hash.digest('hex')}  ${file.name}\n` }
    })
    // Go's sort.Strings: byte order, which is code-unit order for the ASCII names of a provider.
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return createHash('sha256')
    .update(lines.map((file) => file.line).join(''))
    .digest('base64')
}
