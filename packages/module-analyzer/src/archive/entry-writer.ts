import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { ReadEntry } from 'tar'

/**
 * Streams admitted entries into files below one directory. The paths it is given have been
 * checked (no `..`, not absolute) and nothing in the directory is a link, so every file lands
 * inside it. A write that fails aborts the whole extraction through `abort`.
 */
export class EntryWriter {
  readonly #directory: string
  readonly #abort: AbortController
  readonly #writes: Promise<void>[] = []

  constructor(directory: string, abort: AbortController) {
    this.#directory = directory
    this.#abort = abort
  }

  write(entry: ReadEntry, segments: readonly string[]): void {
    const write = this.#write(entry, join(this.#directory, ...segments)).catch((error: unknown) => {
      this.#abort.abort(error)
    })
    this.#writes.push(write)
  }

  /**
   * Resolves once no write is in progress, so that the directory can be removed without a late
   * `mkdir` or `open` recreating part of it. Writes still running are cut short by an abort.
   */
  async settled(): Promise<void> {
    await Promise.allSettled(this.#writes)
  }

  async #write(entry: ReadEntry, file: string): Promise<void> {
    const { signal } = this.#abort
    await mkdir(dirname(file), { recursive: true })
    signal.throwIfAborted()
    // `wx`: the catalogue admits each path once, so an existing file would mean a bug.
    await pipeline(entry, createWriteStream(file, { flags: 'wx', mode: 0o600 }), { signal })
  }
}
