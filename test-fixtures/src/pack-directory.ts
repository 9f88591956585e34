import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tarGz, type Bytes, type TarEntry } from './tar-archive.ts'

export interface PackOptions {
  /** Prepended to every path: `./` as `tar -C dir .` writes, or `name/` to nest the module. */
  readonly prefix?: string
  /** Entries appended after the directory's, e.g. one hostile entry in an otherwise sound module. */
  readonly extra?: readonly TarEntry[]
}

/** The entries of a directory tree, directories before their contents, in name order. */
export async function* directoryEntries(directory: string, prefix = ''): AsyncGenerator<TarEntry> {
  const children = await readdir(directory, { withFileTypes: true })
  children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const child of children) {
    const path = `${prefix}${child.name}`
    if (child.isDirectory()) {
      yield { path, type: 'directory' }
      yield* directoryEntries(join(directory, child.name), `${path}/`)
    } else if (child.isFile()) {
      yield { path, body: await readFile(join(directory, child.name)) }
    }
  }
}

/** A `.tar.gz` of a directory's contents, as a module author uploads it. */
export function packDirectory(directory: string, options: PackOptions = {}): Bytes {
  const { prefix = '', extra = [] } = options
  return tarGz(
    (async function* () {
      yield* directoryEntries(directory, prefix)
      yield* extra
    })(),
  )
}
