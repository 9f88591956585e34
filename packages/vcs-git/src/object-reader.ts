import * as fs from 'node:fs'
import git, { type TreeEntry } from 'isomorphic-git'

const MiB = 1024 * 1024
// isomorphic-git keeps in its cache the packs it reads (each whole) and every object it has
// taken out of one (whole, inflated): one cache saves reading the pack again for each object,
// and renewing it after this much has been read through it bounds what it keeps.
const CACHE_BYTES = 32 * MiB
// Each read costs isomorphic-git several file system calls (about 1 ms): objects read lately
// are kept while they are this small together, so that a tree naming a few objects many times
// (nested identical subtrees) costs a few reads, not one per entry.
const RECENT_BYTES = 8 * MiB
// What a tree entry takes in memory, about: its name, its id and the object holding them.
const TREE_ENTRY_BYTES = 128

/**
 * Reads the trees and blobs of one bare repository for one export. isomorphic-git reads an
 * object whole and says its size only then, so nothing here can refuse a blob before it is in
 * memory: what bounds one is the fetch, which refused any pack holding an object over the
 * analyser's limit on one file (see `PackInspector`). What is kept between reads is bounded as said above.
 */
export class ObjectReader {
  readonly #gitdir: string
  #cache: object = {}
  #cachedBytes = 0
  readonly #recent = new Map<string, { readonly value: unknown; readonly bytes: number }>()
  #recentBytes = 0

  constructor(gitdir: string) {
    this.#gitdir = gitdir
  }

  tree(oid: string): Promise<readonly TreeEntry[]> {
    return this.#read(
      oid,
      async (cache) => (await git.readTree({ fs, gitdir: this.#gitdir, oid, cache })).tree,
      (tree) => tree.length * TREE_ENTRY_BYTES,
    )
  }

  blob(oid: string): Promise<Uint8Array> {
    return this.#read(
      oid,
      async (cache) => (await git.readBlob({ fs, gitdir: this.#gitdir, oid, cache })).blob,
      (blob) => blob.byteLength,
    )
  }

  async #read<T>(oid: string, read: (cache: object) => Promise<T>, bytesOf: (value: T) => number): Promise<T> {
    const recent = this.#recent.get(oid)
    if (recent !== undefined) {
      this.#recent.delete(oid)
      this.#recent.set(oid, recent)
      return recent.value as T
    }
    const value = await read(this.#cache)
    const bytes = bytesOf(value)
    this.#cachedBytes += bytes
    if (this.#cachedBytes > CACHE_BYTES) {
      this.#cache = {}
      this.#cachedBytes = 0
    }
    this.#remember(oid, value, bytes)
    return value
  }

  #remember(oid: string, value: unknown, bytes: number): void {
    if (bytes > RECENT_BYTES / 8) return
    this.#recent.set(oid, { value, bytes })
    this.#recentBytes += bytes
    for (const [oldest, { bytes: size }] of this.#recent) {
      if (this.#recentBytes <= RECENT_BYTES) break
      this.#recent.delete(oldest)
      this.#recentBytes -= size
    }
  }
}
