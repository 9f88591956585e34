import { randomUUID } from 'node:crypto'
import { mkdir, open, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { CairnError, type BlobStore, type ByteStream, type StoredBlob } from '@cairn/core'
import { assertBlobKey, assertBlobPrefix } from '../blob-key.ts'
import { listKeys } from './list-keys.ts'
import { sweepFolder, writeTemporaryFile } from './temporary-file.ts'
import { errorCode, isAbsent, onDisk, translateError, unavailable } from './translate-error.ts'

export interface FsBlobStoreOptions {
  /**
   * The folder that holds the blobs, created on the first write. The blob at `modules/x.tar.gz`
   * is the file `<root>/modules/x.tar.gz`; writes in progress live in `<root>/.tmp`, on the same
   * filesystem so that they can be renamed into place.
   */
  readonly root: string
}

/** Temporary files left this long are taken for the leftovers of a crash. */
const DEFAULT_SWEEP_AGE_MS = 60 * 60 * 1000

/**
 * A `BlobStore` in a folder of the local filesystem: the embedded default. A write streams into
 * a temporary file, hashing as it goes, flushes it, then renames it over the key's file, so
 * readers see the old blob or the whole new one. Paths are derived from checked keys only and
 * checked again to lie under the root. One limit the other stores lack: a key cannot be both a
 * blob and a folder of blobs (`a` and `a/b`), which raises `invalid` on field `key`.
 */
export class FsBlobStore implements BlobStore {
  readonly #root: string
  readonly #temporary: string

  constructor(options: FsBlobStoreOptions) {
    this.#root = resolve(options.root)
    this.#temporary = join(this.#root, '.tmp')
  }

  /**
   * Raises `invalid` on `archive` past `maxBytes` and on `key` for a key outside the rule or
   * conflicting with a folder, `unavailable` when the disk refuses (full, read-only, denied).
   */
  async put(key: string, content: ByteStream, options: { readonly maxBytes?: number } = {}): Promise<StoredBlob> {
    const target = this.#pathOf(key)
    // Any failure here is the root's (missing parent, a file in its place), not the key's.
    await mkdir(this.#temporary, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      throw unavailable(error)
    })
    const temporary = join(this.#temporary, randomUUID())
    try {
      const blob = await writeTemporaryFile(temporary, content, { key, maxBytes: options.maxBytes })
      await onDisk(key, () => mkdir(dirname(target), { recursive: true, mode: 0o700 }))
      await onDisk(key, () => rename(temporary, target))
      await onDisk(key, () => syncFolder(dirname(target)))
      return blob
    } catch (error) {
      // Should this fail too, the file is a leftover for sweepTemporaryFiles.
      await rm(temporary, { force: true }).catch(() => undefined)
      throw error
    }
  }

  /**
   * The file's content as a stream of the blob as it was when opened: a later write renames a
   * new file over the name and leaves the open one whole. Raises `not_found` when absent. The
   * stream holds the file open until it is read to the end or its iteration is stopped.
   */
  async get(key: string): Promise<ByteStream> {
    const file = await this.#openBlob(key)
    return file.createReadStream()
  }

  /** Whether a file (not a folder of blobs) is at the key's path. */
  async has(key: string): Promise<boolean> {
    const path = this.#pathOf(key)
    try {
      return (await stat(path)).isFile()
    } catch (error) {
      if (isAbsent(error)) return false
      throw translateError(error, key)
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.#pathOf(key)
    try {
      await unlink(path)
    } catch (error) {
      // Nothing there, or a folder of other blobs: either way there is no blob to remove.
      if (isAbsent(error) || errorCode(error) === 'EISDIR') return
      throw translateError(error, key)
    }
  }

  /** Walks the folders the prefix can match, as the walk finds them; raises `invalid` on a bad prefix. */
  async *list(prefix: string): AsyncIterable<string> {
    assertBlobPrefix(prefix)
    yield* listKeys(this.#root, prefix)
  }

  /**
   * Removes the temporary files of writes that a crash stopped between writing and renaming;
   * call it at startup. Files touched in the last `olderThanMs` (an hour by default) stay: they
   * may be writes in progress in another process using the same root. Returns how many went.
   */
  async sweepTemporaryFiles(olderThanMs = DEFAULT_SWEEP_AGE_MS): Promise<number> {
    return sweepFolder(this.#temporary, olderThanMs)
  }

  async #openBlob(key: string): Promise<FileHandle> {
    const file = await open(this.#pathOf(key), 'r').catch((error: unknown) => {
      throw isAbsent(error) ? CairnError.notFound(`blob ${key}`) : translateError(error, key)
    })
    // Linux opens a folder for reading too; a folder of blobs is not a blob.
    if ((await file.stat()).isFile()) return file
    await file.close()
    throw CairnError.notFound(`blob ${key}`)
  }

  #pathOf(key: string): string {
    assertBlobKey(key)
    const path = resolve(this.#root, key)
    // The key rule already keeps every path under the root; this keeps it there should the rule
    // ever be loosened.
    const inside = relative(this.#root, path)
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
      throw CairnError.invalidField('key', `${JSON.stringify(key)} leads outside the blob store`)
    }
    return path
  }
}

/** A rename is durable once the folder holding the new name is flushed, not before. */
async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r')
  try {
    await folder.sync()
  } finally {
    await folder.close()
  }
}
