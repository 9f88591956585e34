import { createHash } from 'node:crypto'
import { lstat, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

const GiB = 1024 * 1024 * 1024

/** How much the bare mirrors may take together. */
export interface MirrorCacheLimits {
  /** The most bytes the mirrors may hold together; past it, the least recently used go. */
  readonly maxBytes: number
  /** The most mirrors kept; past it, the least recently used go. */
  readonly maxMirrors: number
}

export const DEFAULT_MIRROR_CACHE_LIMITS: MirrorCacheLimits = { maxBytes: 4 * GiB, maxMirrors: 256 }

interface Entry {
  bytes: number
  usedAt: number
  users: number
  /** Removed once its last user is done: a fetch into it failed, so it may hold a partial pack. */
  doomed: boolean
}

const MIRROR_NAME = /^[0-9a-f]{64}$/

/**
 * The bare mirrors under one directory, one per repository address, bounded: after each use the
 * mirror is measured, and the least recently used mirrors no one is using are removed until the
 * rest fit `maxBytes` and `maxMirrors` (the one just used too, when it alone is over). A mirror a
 * fetch failed on is removed when its last user is done. Mirrors found in the directory at the
 * first use (a previous run's) are measured then, last used when they were last written.
 * One process per directory, as for the mirrors themselves.
 */
export class MirrorCache {
  readonly #directory: string
  readonly #limits: MirrorCacheLimits
  readonly #entries = new Map<string, Entry>()
  /** Mirrors being deleted: a new use of one waits until its directory is gone. */
  readonly #removals = new Map<string, Promise<void>>()
  #loaded: Promise<void> | undefined
  /** The latest `usedAt` handed out: uses within one millisecond still rank in the order they ended. */
  #lastUse = 0

  constructor(directory: string, limits: MirrorCacheLimits = DEFAULT_MIRROR_CACHE_LIMITS) {
    this.#directory = directory
    this.#limits = limits
  }

  /** Runs `work` on the mirror of `url` (a directory that may not exist yet), kept from eviction meanwhile. */
  async use<T>(url: string, work: (gitdir: string) => Promise<T>): Promise<T> {
    const name = createHash('sha256').update(url).digest('hex')
    const entry = this.#entries.get(name) ?? { bytes: 0, usedAt: 0, users: 0, doomed: false }
    this.#entries.set(name, entry)
    entry.users++
    try {
      await this.#load()
      await this.#removals.get(name)
      return await work(join(this.#directory, name))
    } finally {
      entry.users--
      this.#lastUse = Math.max(Date.now(), this.#lastUse + 1)
      entry.usedAt = this.#lastUse
      // Best effort: a mirror that cannot be measured or removed now is tried again after the next use.
      await this.#release(name, entry).catch(() => undefined)
    }
  }

  /** The fetch into `gitdir` (as `use` gave it) failed: the mirror goes once no one uses it. */
  discard(gitdir: string): void {
    const entry = this.#entries.get(gitdir.slice(-64))
    if (entry !== undefined) entry.doomed = true
  }

  async #release(name: string, entry: Entry): Promise<void> {
    if (entry.users === 0 && entry.doomed) await this.#remove(name)
    else entry.bytes = await sizeOf(join(this.#directory, name))
    const idle = [...this.#entries].filter(([, { users }]) => users === 0).sort(([, a], [, b]) => a.usedAt - b.usedAt)
    let bytes = [...this.#entries.values()].reduce((sum, { bytes }) => sum + bytes, 0)
    let count = this.#entries.size
    for (const [oldest, { bytes: size }] of idle) {
      if (bytes <= this.#limits.maxBytes && count <= this.#limits.maxMirrors) break
      await this.#remove(oldest)
      bytes -= size
      count--
    }
  }

  async #remove(name: string): Promise<void> {
    const entry = this.#entries.get(name)
    if (entry === undefined || entry.users > 0) return
    this.#entries.delete(name)
    const removal = rm(join(this.#directory, name), { recursive: true, force: true }).finally(() => this.#removals.delete(name))
    this.#removals.set(name, removal)
    await removal
  }

  #load(): Promise<void> {
    this.#loaded ??= (async () => {
      const names = await readdir(this.#directory).catch(() => [] as string[])
      for (const name of names.filter((name) => MIRROR_NAME.test(name) && !this.#entries.has(name))) {
        const stat = await lstat(join(this.#directory, name)).catch(() => undefined)
        if (stat === undefined || this.#entries.has(name)) continue
        this.#entries.set(name, { bytes: await sizeOf(join(this.#directory, name)), usedAt: stat.mtimeMs, users: 0, doomed: false })
      }
    })()
    return this.#loaded
  }
}

/** The bytes of the files under `path` (links not followed); 0 when it does not exist. */
async function sizeOf(path: string): Promise<number> {
  const stat = await lstat(path).catch(() => undefined)
  if (stat === undefined) return 0
  if (!stat.isDirectory()) return stat.size
  let total = 0
  for (const name of await readdir(path).catch(() => [] as string[])) total += await sizeOf(join(path, name))
  return total
}
